import type { ProcedurePath } from "../../client/features/session/procedure-paths.ts";

/** Who gets past a procedure's gate: anyone, a signed-in active user, or a superuser. */
export type Gate = "public" | "user" | "admin";

/**
 * The gate of every tRPC procedure, checked against the server by
 * tests/integration/trpc/matrix.test.ts and used by the client's session tests as the
 * server's word on which calls need a session. Typed by the router: a procedure added,
 * renamed or removed without its line here fails tsc.
 */
export const PROCEDURE_GATES = {
	"auth.login": "public",
	"auth.refresh": "public",
	"auth.signup": "public",
	"auth.recoverPassword": "public",
	"auth.resetPassword": "public",
	"auth.verifyEmail": "public",
	"auth.revertEmail": "public",
	"auth.logout": "user",
	"auth.logoutAll": "user",
	"auth.reauthenticate": "user",
	"users.me": "user",
	"users.updateMe": "user",
	"users.changePassword": "user",
	"users.deleteMe": "user",
	"users.audit": "user",
	"sessions.list": "user",
	"sessions.revoke": "user",
	"sessions.revokeOthers": "user",
	"users.resendVerification": "user",
	"users.emailVerification": "user",
	"profile.get": "user",
	"profile.update": "user",
	"profile.replace": "user",
	"profile.remove": "user",
	"profile.public": "user",
	"profile.setImage": "user",
	"media.list": "user",
	"media.get": "user",
	"media.delete": "user",
	"media.move": "user",
	"admin.list": "admin",
	"admin.get": "admin",
	"admin.create": "admin",
	"admin.update": "admin",
	"admin.delete": "admin",
	"admin.sessions": "admin",
	"admin.revokeSessions": "admin",
	"audit.list": "admin",
	"admin.invite": "admin",
	"dashboard.account": "user",
	"dashboard.users": "admin",
} as const satisfies Record<ProcedurePath, Gate>;
