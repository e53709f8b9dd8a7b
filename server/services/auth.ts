import type { LoginInput, TokenPair } from "../../shared/schemas/auth.ts";
import type { UpdatePasswordInput } from "../../shared/schemas/users.ts";
import { fail } from "../domain/errors.ts";
import type { RequestMeta, ServiceDeps } from "./deps.ts";
import { assertNotLockedOut, clearFailedLogins, recordFailedLogin } from "./login-throttle.ts";
import { hashKeys, verifyAgainstDummy } from "./passwords.ts";
import {
	type Authenticated,
	assertSessionLive,
	atomically,
	createSession,
	revokeSession,
	revokeUserSessions,
	rotateSession,
} from "./sessions.ts";
import { parseToken } from "./tokens.ts";
import { findUserByEmail, findUserById, setPassword } from "./users.ts";

/**
 * Checks the password (or spends the same time on a dummy hash when the e-mail is
 * unknown), applies the per-IP bucket and the per-account-and-client back-off, then opens
 * a session, but only if the account is still the one whose password was checked: the
 * verify takes a while, and a reset, a deactivation or a deletion may land meanwhile.
 */
export async function login(deps: ServiceDeps, input: LoginInput, meta: RequestMeta): Promise<TokenPair> {
	const email = input.username.trim().toLowerCase();
	deps.limiter.take("login", meta.ip);
	assertNotLockedOut(deps, email, meta.ip);
	const user = findUserByEmail(deps, email);
	const keys = hashKeys(email, meta.requestId);
	const valid = user
		? await deps.passwords.verify(user.hashedPassword, input.password, keys)
		: await verifyAgainstDummy(deps.passwords, input.password, keys);
	if (!user || !valid) {
		recordFailedLogin(deps, email, meta.ip);
		return fail("INCORRECT_LOGIN");
	}
	// Refusals are returned, not thrown, so that the cleared back-off commits.
	const outcome = atomically(deps, (): TokenPair | "INCORRECT_LOGIN" | "INACTIVE_USER" => {
		const now = findUserById(deps, user.id);
		// Changed under us: the password that was checked is no longer this account's.
		if (!now || now.hashedPassword !== user.hashedPassword || now.email !== user.email) return "INCORRECT_LOGIN";
		clearFailedLogins(deps, email);
		if (!now.isActive) return "INACTIVE_USER";
		return createSession(deps, now.id, meta);
	});
	return typeof outcome === "string" ? fail(outcome) : outcome;
}

export const refresh = (deps: ServiceDeps, refreshToken: string, meta: RequestMeta): TokenPair =>
	rotateSession(deps, refreshToken, meta);

/** Ends the caller's session, and the one a given refresh token names when it is also theirs. */
export function logout(deps: ServiceDeps, auth: Authenticated, refreshToken?: string): { message: string } {
	revokeSession(deps, auth.session.id);
	const other = refreshToken ? parseToken(refreshToken) : null;
	if (other && other.id !== auth.session.id) {
		const { db } = deps;
		const row = db.query.sessions.findFirst({ where: (s, { eq }) => eq(s.id, other.id) }).sync();
		if (row?.userId === auth.user.id) revokeSession(deps, other.id);
	}
	return { message: "Logged out successfully" };
}

export function logoutAll(deps: ServiceDeps, auth: Authenticated): { message: string } {
	revokeUserSessions(deps, auth.user.id);
	return { message: "Logged out of all sessions" };
}

/**
 * Changes the caller's password and signs out every other device. Wrong current
 * passwords bring the login back-off (a stolen access token must not guess forever).
 * The new password is written only if, after the hashes, the session is still live and
 * the password is still the one that was checked.
 */
export async function changePassword(
	deps: ServiceDeps,
	auth: Authenticated,
	input: UpdatePasswordInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	const { user } = auth;
	assertNotLockedOut(deps, user.email, meta.ip);
	const keys = hashKeys(user.email, meta.requestId);
	if (!(await deps.passwords.verify(user.hashedPassword, input.current_password, keys))) {
		recordFailedLogin(deps, user.email, meta.ip);
		fail("INCORRECT_PASSWORD");
	}
	if (input.current_password === input.new_password) fail("SAME_PASSWORD");
	const hashedPassword = await deps.passwords.hash(input.new_password, keys);
	atomically(deps, () => {
		const now = assertSessionLive(deps, auth.session.id);
		if (now.user.hashedPassword !== user.hashedPassword) fail("INCORRECT_PASSWORD");
		setPassword(deps, now.user, hashedPassword, auth.session.id);
	});
	return { message: "Password updated successfully" };
}
