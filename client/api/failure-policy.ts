/**
 * What the session does when a call fails: the one table of the 401/403 rules, free of
 * React and fetch so it can be tested alone.
 */
import { isErrorReason, ruleRefusals } from "../../shared/errors.ts";
import type { ProcedurePath } from "./procedure-paths.ts";

export type FailureAction = "refresh" | "end-session" | "reauthenticate" | "none";

/**
 * Calls whose failure is the user's to see (a bad password, a taken e-mail, a refused
 * confirmation of identity): never a refresh, never the end of the session. Typed by the
 * router, so renaming one of these procedures fails the type check.
 */
export const PUBLIC_PROCEDURES = [
	"auth.login",
	"auth.signup",
	"auth.refresh",
	"auth.logout",
	"auth.recoverPassword",
	"auth.resetPassword",
	"auth.passwordLink",
	"auth.reauthenticate",
	"twoFactor.completeLogin",
	"passkeys.loginOptions",
	"passkeys.login",
	"auth.verifyEmail",
	"auth.revertEmail",
] as const satisfies readonly ProcedurePath[];

const publicProcedures: ReadonlySet<string> = new Set(PUBLIC_PROCEDURES);

export type FailedCall = {
	/** The tRPC procedure; null for a REST call (an upload, a download), which is never public. */
	path: ProcedurePath | null;
	status: number | undefined;
	reason: string | null | undefined;
	/** The call was already sent again after a refresh. */
	refreshed: boolean;
	/** The call was already sent again after the user confirmed their identity. */
	reauthenticated: boolean;
	hasRefreshToken: boolean;
};

/**
 * On a 401, one refresh and one retry, else the session ends. A 403 "not enough
 * privileges" ends it; a 403 that refuses one action by a rule is shown instead, and the
 * one asking for a fresh proof of identity opens the confirmation (once per call).
 */
export function failureAction(call: FailedCall): FailureAction {
	if (call.path !== null && publicProcedures.has(call.path)) return "none";
	if (call.status === 401) return !call.refreshed && call.hasRefreshToken ? "refresh" : "end-session";
	if (call.status !== 403) return "none";
	if (call.reason === "REAUTH_REQUIRED") return call.reauthenticated ? "none" : "reauthenticate";
	return isErrorReason(call.reason) && ruleRefusals.has(call.reason) ? "none" : "end-session";
}
