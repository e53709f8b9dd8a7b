/**
 * One way to confirm one's identity in the re-authentication dialog: a small form that
 * says what it asks for, calls `onConfirmed` once the server took the proof, and offers
 * Cancel. The password is the one method today; a two-factor code or a passkey would each
 * be another component with these props.
 */
export type ReauthMethodProps = {
	onConfirmed: () => void;
	onCancel: () => void;
};
