/**
 * One way to confirm one's identity in the re-authentication dialog: a small form that
 * says what it asks for, calls `onConfirmed` once the server took the proof, and offers
 * Cancel: the password, a two-factor code (when the user has two-factor), a passkey (when
 * they have one). reauth-dialog-content.tsx offers the ones the user has.
 */
export type ReauthMethodProps = {
	onConfirmed: () => void;
	onCancel: () => void;
};
