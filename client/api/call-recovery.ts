import type { ProcedurePath } from "./procedure-paths.ts";

/** What was already tried for one call. */
export type CallState = { refreshed: boolean; reauthenticated: boolean };
export const FIRST_TRY: CallState = { refreshed: false, reauthenticated: false };

/** A refused call: which one, the answer, the token it went out with, and what was already tried for it. */
export type Refusal = {
	path: ProcedurePath | null;
	status: number | undefined;
	reason: string | null | undefined;
	sentToken: string | undefined;
	state: CallState;
};

/** Where a call's bearer token comes from (null when signed out). */
export type TokenSource = { get(): { token: string } | null };

/**
 * What the links need of the signed-in state (client/features/sign-in-state/session.ts):
 * the token a call goes out with, and after a refusal the state to send it again with, or
 * null when the refusal stands.
 */
export type CallRecovery = {
	tokens: TokenSource;
	recover(refusal: Refusal): Promise<CallState | null>;
};
