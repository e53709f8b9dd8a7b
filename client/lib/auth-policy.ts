/**
 * What the client does when a call fails, kept free of React and fetch so it can be
 * tested alone (product.md §4, contract.md §5).
 */
import { isErrorReason, ruleRefusals } from "../../shared/errors.ts";

export type AuthFailureAction = "refresh" | "logout" | "none";

/** Calls whose failure is the user's to see (bad password, taken e-mail): never a logout. */
const PUBLIC_PATHS = new Set([
	"auth.login",
	"auth.signup",
	"auth.refresh",
	"auth.logout",
	"auth.recoverPassword",
	"auth.resetPassword",
]);

export type FailedCall = {
	path: string;
	status: number | undefined;
	reason: string | null | undefined;
	/** The call was already retried after a refresh. */
	retried: boolean;
	hasRefreshToken: boolean;
};

export function authFailureAction(call: FailedCall): AuthFailureAction {
	if (PUBLIC_PATHS.has(call.path)) return "none";
	if (call.status === 401) return !call.retried && call.hasRefreshToken ? "refresh" : "logout";
	if (call.status === 403) return isErrorReason(call.reason) && ruleRefusals.has(call.reason) ? "none" : "logout";
	return "none";
}
