/**
 * The fixed vocabulary of security events; the client has a plain-words label for each
 * (`LL.audit.actions[auditActionKey(action)]`). Apart from the zod schemas
 * (shared/schemas/audit.ts, which re-exports it), so that a screen naming an action does
 * not load the schemas' zod code, which the login screen would then share.
 */
export const auditActions = [
	"user.signup",
	"auth.login",
	"auth.login_failed",
	"auth.logout",
	"auth.logout_all",
	"auth.refresh_reuse",
	"auth.reauthenticate",
	"password.change",
	"password.reset_request",
	"password.reset",
	"email.change",
	"email.change_reverted",
	"account.credentials_removed",
	"email.verify",
	"session.revoke",
	"session.revoke_others",
	"totp.enable",
	"totp.disable",
	"recovery_codes.regenerate",
	"recovery_code.use",
	"passkey.add",
	"passkey.remove",
	"identity.link",
	"identity.unlink",
	"admin.user_create",
	"admin.user_invite",
	"admin.user_update",
	"admin.user_delete",
	"admin.sessions_revoke",
	"admin.totp_reset",
	"admin.identity_unlink",
	"user.delete",
	"token.create",
	"token.revoke",
	"token.expire",
	"admin.token_revoke",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const isAuditAction = (value: unknown): value is AuditAction =>
	typeof value === "string" && (auditActions as readonly string[]).includes(value);

/** The dictionary key of an action's label (typesafe-i18n keys cannot hold a dot). */
export const auditActionKey = <A extends AuditAction>(action: A) =>
	action.replace(".", "__") as A extends `${infer Head}.${infer Tail}` ? `${Head}__${Tail}` : never;
