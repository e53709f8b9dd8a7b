import type { NamespaceBaseTranslation } from "../../namespace-base";

/**
 * The audit vocabulary in plain words (shared/schemas/audit.ts), for the activity list and
 * the audit log. typesafe-i18n keys cannot hold a dot: `auth.login` is `auth__login`.
 */
const audit = {
	actions: {
		user__signup: "Account created",
		auth__login: "Signed in",
		auth__login_failed: "Failed sign-in attempt",
		auth__logout: "Signed out",
		auth__logout_all: "Signed out everywhere",
		auth__refresh_reuse: "Session ended: a stolen token was detected",
		auth__reauthenticate: "Identity confirmed",
		password__change: "Password changed",
		password__reset_request: "Password reset requested",
		password__reset: "Password reset",
		email__change: "E-mail changed",
		email__change_reverted: "E-mail change reverted",
		account__credentials_removed: "Passkeys and two-factor removed when the account was taken back",
		email__verify: "E-mail verified",
		session__revoke: "Session revoked",
		session__revoke_others: "Other sessions revoked",
		totp__enable: "Two-factor authentication enabled",
		totp__disable: "Two-factor authentication disabled",
		recovery_codes__regenerate: "New recovery codes generated",
		recovery_code__use: "Recovery code used",
		passkey__add: "Passkey added",
		passkey__remove: "Passkey removed",
		identity__link: "Sign-in provider linked",
		identity__unlink: "Sign-in provider unlinked",
		admin__user_create: "User created by an administrator",
		admin__user_invite: "User invited",
		admin__user_update: "User updated by an administrator",
		admin__user_delete: "User deleted by an administrator",
		admin__sessions_revoke: "Signed out everywhere by an administrator",
		admin__totp_reset: "Two-factor authentication reset by an administrator",
		admin__identity_unlink: "Sign-in provider unlinked by an administrator",
		user__delete: "Account deleted",
		token__create: "Access token created",
		token__revoke: "Access token revoked",
		token__expire: "Access token expired",
		admin__token_revoke: "Access token revoked by an admin",
	},
} satisfies NamespaceBaseTranslation;

export default audit;
