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

/** The proofs the dialog offers, in its order: the first one shows when it opens. */
export type ReauthMethodId = "password" | "code" | "passkey" | "provider";

/**
 * Which proofs this user can give, from what the server says of them (each undefined while
 * loading): the password unless there is none or the domain's provider turned it off
 * (`password_enforced_by`), a code with two-factor, a passkey, a linked provider.
 */
export function reauthMethodsFor(user: {
	ways?: { password: boolean; password_enforced_by: string | null; identities: unknown[] };
	twoFactor?: { enabled: boolean };
	passkeys?: { count: number };
}): ReauthMethodId[] {
	const { ways, twoFactor, passkeys } = user;
	const methods: ReauthMethodId[] = [];
	if (ways?.password !== false && !ways?.password_enforced_by) methods.push("password");
	if (twoFactor?.enabled) methods.push("code");
	if ((passkeys?.count ?? 0) > 0) methods.push("passkey");
	if ((ways?.identities.length ?? 0) > 0) methods.push("provider");
	return methods;
}
