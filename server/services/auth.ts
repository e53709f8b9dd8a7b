import type { LoginInput, TokenPair } from "../../shared/schemas/auth.ts";
import type { UpdatePasswordInput } from "../../shared/schemas/users.ts";
import { fail } from "../domain/errors.ts";
import type { RequestMeta, ServiceDeps } from "./deps.ts";
import { assertNotLockedOut, clearFailedLogins, recordFailedLogin } from "./login-throttle.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { type Authenticated, createSession, revokeSession, revokeUserSessions, rotateSession } from "./sessions.ts";
import { parseToken } from "./tokens.ts";
import { findUserByEmail, setPassword } from "./users.ts";

/**
 * Checks the password (or spends the same time on a dummy hash when the e-mail is
 * unknown), applies the per-IP bucket and the per-account-and-client back-off, then opens a session.
 */
export async function login(deps: ServiceDeps, input: LoginInput, meta: RequestMeta): Promise<TokenPair> {
	deps.limiter.take("login", meta.ip);
	assertNotLockedOut(deps, input.username, meta.ip);
	const user = findUserByEmail(deps, input.username);
	const valid = user
		? await verifyPassword(user.hashedPassword, input.password)
		: await verifyAgainstDummy(input.password);
	if (!user || !valid) {
		recordFailedLogin(deps, input.username, meta.ip);
		return fail("INCORRECT_LOGIN");
	}
	clearFailedLogins(deps, input.username);
	if (!user.isActive) fail("INACTIVE_USER");
	return createSession(deps, user.id, meta);
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

/** Changes the caller's password and signs out every other device. */
export async function changePassword(
	deps: ServiceDeps,
	auth: Authenticated,
	input: UpdatePasswordInput,
): Promise<{ message: string }> {
	if (!(await verifyPassword(auth.user.hashedPassword, input.current_password))) fail("INCORRECT_PASSWORD");
	if (input.current_password === input.new_password) fail("SAME_PASSWORD");
	setPassword(deps, auth.user, await hashPassword(input.new_password), auth.session.id);
	return { message: "Password updated successfully" };
}
