import { eq } from "drizzle-orm";
import type { LoginInput, LogoutResult, TokenPair } from "../../../shared/schemas/auth.ts";
import type { ReauthenticateInput } from "../../../shared/schemas/reauth.ts";
import type { UpdatePasswordInput } from "../../../shared/schemas/users.ts";
import { first } from "../../db/query.ts";
import { sessions, type UserRow } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { hashKeys, verifyAgainstDummy } from "../../lib/passwords.ts";
import { parseToken } from "../../lib/tokens.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { announceSpentFactor, type SpentFactor, spendSecondFactor } from "../factors/two-factor.ts";
import { sendNotice } from "../notices.ts";
import { atomicallyAs } from "../sessions/acting-session.ts";
import {
	markAuthenticated,
	revokeSession,
	revokeUserSessions,
	rotateSession,
	type SessionPrincipal,
} from "../sessions/session.ts";
import { passwordRefused, recordEnforcedRefusal } from "../users/enforced-provider.ts";
import { assertNotLockedOut, recordFailedLogin } from "../users/login-throttle.ts";
import { findUserByEmail, findUserById, setPassword } from "../users/records.ts";
import { type Admission, admit, answerAdmission, type ProofRefused } from "./admission.ts";
import { providerLogoutUrl } from "./oidc/logout.ts";
import { reauthenticateWithPasskey } from "./passkey.ts";
import { assertProofTriesLeft, countProofFailure, refundProofTry, tellOwnerIfLocked } from "./proof-limits.ts";

/**
 * Checks the password (or spends the same time on a dummy hash when the e-mail is
 * unknown), applies the per-IP bucket and the per-account-and-client back-off, then asks
 * the admission for a session, but only if the account is still the one whose password
 * was checked: the verify takes a while, and a reset, a deactivation or a deletion may
 * land meanwhile. The account's rules (active, a proved address, two-factor) are the
 * admission's, applied only once the password was found right: a wrong one answers the
 * same for every account, so nobody learns which ones have two-factor. An address of a
 * domain a provider enforces (users/enforced-provider.ts) is refused whatever the password, but
 * for a superuser's right one.
 */
export async function login(deps: ServiceDeps, input: LoginInput, meta: RequestMeta): Promise<TokenPair> {
	const email = input.username.trim().toLowerCase();
	await deps.limiter.take(deps, "login", meta.ip);
	await assertNotLockedOut(deps, email, meta.ip);
	const user = await findUserByEmail(deps, email);
	const keys = hashKeys(email, meta.requestId);
	const valid = user
		? await deps.passwords.verify(user.hashedPassword, input.password, keys)
		: await verifyAgainstDummy(deps.passwords, input.password, keys);
	// Under an enforced provider every answer is its refusal but a superuser's right password:
	// whether the account exists, or the password was right, stays unsaid (and counts as a failure).
	if (passwordRefused(deps.config, email, valid ? user : undefined)) {
		await failedAttempt(deps, email, user, meta, undefined, true);
		return fail("PASSWORD_SIGN_IN_DISABLED");
	}
	if (!user || !valid) {
		await failedAttempt(deps, email, user, meta);
		return fail("INCORRECT_LOGIN");
	}
	const outcome = await atomically(deps, async (deps): Promise<Admission | ProofRefused> => {
		const now = await findUserById(deps, user.id);
		// Changed under us: the password that was checked is no longer this account's.
		if (!now || now.hashedPassword !== user.hashedPassword || now.email !== user.email)
			return { refused: "INCORRECT_LOGIN" };
		return admit(deps, now, { method: "password", code: input.totp_code }, meta);
	});
	return answerAdmission(deps, outcome, meta);
}

/**
 * The caller's password hash as stored now: a session never carries it (it stays in the
 * database until a password is checked). A deleted user has none: their session ended too.
 */
const currentPasswordHash = async (deps: ServiceDeps, userId: string): Promise<string> =>
	(await findUserById(deps, userId))?.hashedPassword ?? fail("INVALID_CREDENTIALS");

/**
 * Checks the caller's current password and answers the hash it matched. A stolen access
 * token must not guess forever from many addresses: the try is counted for the session and
 * the account before the hash (so concurrent guesses cannot pass the limits) and given back
 * when it was right; a wrong one also feeds the login back-off of this client.
 */
async function verifyCurrentPassword(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	password: string,
	meta: RequestMeta,
	during: "password_change" | "reauthenticate",
): Promise<string> {
	const { user } = auth;
	// Under an enforced provider the password no longer proves anything, here as at the login.
	if (passwordRefused(deps.config, user.email, user)) {
		await atomicallyAs(deps, auth, (deps) => recordEnforcedRefusal(deps, user.email, user, meta, during));
		return fail("PASSWORD_SIGN_IN_DISABLED");
	}
	const holders = { userId: user.id, sessionId: auth.session.id };
	// A session that ended meanwhile counts nothing: the request is refused before any write.
	await atomicallyAs(deps, auth, async (deps) => {
		await assertProofTriesLeft(deps, "password", holders);
		await countProofFailure(deps, "password", holders);
	});
	const checked = await currentPasswordHash(deps, user.id);
	if (!(await deps.passwords.verify(checked, password, hashKeys(user.email, meta.requestId)))) {
		await failedAttempt(deps, user.email, user, meta, during);
		await tellOwnerIfLocked(deps, "password", user, meta);
		return fail("INCORRECT_PASSWORD");
	}
	await atomically(deps, async (deps) => refundProofTry(deps, "password", holders));
	return checked;
}

/**
 * A wrong password: the back-off for this account and client grows, and the attempt is
 * recorded (on the account when it exists; an unknown e-mail is not written down, as it
 * may be a mistyped password).
 */
async function failedAttempt(
	deps: ServiceDeps,
	email: string,
	user: Pick<UserRow, "id" | "email"> | undefined,
	meta: RequestMeta,
	during?: "password_change" | "reauthenticate" | "two_factor",
	enforced = false,
): Promise<void> {
	await atomically(deps, async (deps) => {
		await recordFailedLogin(deps, email, meta.ip);
		if (enforced) return await recordEnforcedRefusal(deps, email, user, meta);
		await recordAudit(deps, {
			action: "auth.login_failed",
			subject: user ?? null,
			meta,
			details: during ? { during } : {},
		});
	});
}

export const refresh = async (deps: ServiceDeps, refreshToken: string, meta: RequestMeta): Promise<TokenPair> =>
	rotateSession(deps, refreshToken, meta);

/**
 * Ends the caller's session, and the one a given refresh token names when it is also theirs.
 * A session made through a provider with LOGOUT=provider answers where the browser goes next
 * to end the provider's session too.
 */
export async function logout(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	refreshToken: string | undefined,
	meta: RequestMeta,
): Promise<LogoutResult> {
	const through = await atomicallyAs(deps, auth, async (deps) => {
		const ending = await first(
			deps.db.select({ provider: sessions.provider }).from(sessions).where(eq(sessions.id, auth.session.id)),
		);
		await revokeSession(deps, auth.session.id);
		const other = refreshToken ? parseToken(refreshToken) : null;
		if (other && other.id !== auth.session.id) {
			const row = await first(
				deps.db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, other.id)),
			);
			if (row?.userId === auth.user.id) await revokeSession(deps, other.id);
		}
		await recordAudit(deps, { action: "auth.logout", actor: auth.user, subject: auth.user, meta });
		return ending?.provider ?? null;
	});
	const endSessionUrl = await providerLogoutUrl(deps, through);
	return { message: "Logged out successfully", ...(endSessionUrl ? { end_session_url: endSessionUrl } : {}) };
}

export async function logoutAll(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await atomicallyAs(deps, auth, async (deps, now) => {
		await revokeUserSessions(deps, now.user.id);
		await recordAudit(deps, { action: "auth.logout_all", actor: now.user, subject: now.user, meta });
	});
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
	auth: SessionPrincipal,
	input: UpdatePasswordInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	const { user } = auth;
	await assertNotLockedOut(deps, user.email, meta.ip);
	const checked = await verifyCurrentPassword(deps, auth, input.current_password, meta, "password_change");
	if (input.current_password === input.new_password) fail("SAME_PASSWORD");
	const hashedPassword = await deps.passwords.hash(input.new_password, hashKeys(user.email, meta.requestId));
	await atomicallyAs(deps, auth, async (deps, now) => {
		if ((await currentPasswordHash(deps, user.id)) !== checked) fail("INCORRECT_PASSWORD");
		await setPassword(deps, now.user, hashedPassword, auth.session.id);
		// Knowing the current password is a fresh proof of identity.
		await markAuthenticated(deps, auth.session.id);
		await recordAudit(deps, { action: "password.change", actor: now.user, subject: now.user, meta });
	});
	sendNotice(deps, user, { kind: "passwordChanged" }, meta);
	return { message: "Password updated successfully" };
}

/**
 * A fresh proof of identity for the sensitive actions (recent authentication): the
 * password, a second factor (a code of the app or a recovery code) or a passkey, with the
 * same bucket and back-off as a login. Never ends the session, whatever the answer.
 */
export async function reauthenticate(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	input: ReauthenticateInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	const { user } = auth;
	await deps.limiter.take(deps, "login", meta.ip);
	await assertNotLockedOut(deps, user.email, meta.ip);
	if (input.code) return await reauthenticateWithCode(deps, auth, input.code, meta);
	if (input.passkey) return reauthenticateWithPasskey(deps, auth, input.passkey, meta);
	const checked = await verifyCurrentPassword(deps, auth, input.password ?? "", meta, "reauthenticate");
	await atomicallyAs(deps, auth, async (deps, now) => {
		if ((await currentPasswordHash(deps, user.id)) !== checked) fail("INCORRECT_PASSWORD");
		await confirmed(deps, now.user, auth.session.id, meta, "password");
	});
	return IDENTITY_CONFIRMED;
}

const IDENTITY_CONFIRMED = { message: "Identity confirmed" };

async function confirmed(
	deps: ServiceDeps,
	user: Pick<UserRow, "id" | "email">,
	sessionId: string,
	meta: RequestMeta,
	method: string,
): Promise<void> {
	await markAuthenticated(deps, sessionId);
	await recordAudit(deps, { action: "auth.reauthenticate", actor: user, subject: user, meta, details: { method } });
}

async function reauthenticateWithCode(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	code: string,
	meta: RequestMeta,
): Promise<{ message: string }> {
	const outcome = await atomicallyAs(
		deps,
		auth,
		async (deps, { user: caller }): Promise<{ user: UserRow; spent: SpentFactor } | "INVALID_TOTP_CODE"> => {
			// The session knows no two-factor secret: the row is read in the transaction that spends the code.
			const user = (await findUserById(deps, caller.id)) ?? fail("INVALID_CREDENTIALS");
			await assertProofTriesLeft(deps, "second_factor", { userId: user.id });
			const spent = await spendSecondFactor(deps, user, code, meta);
			if (!spent) {
				await recordFailedLogin(deps, user.email, meta.ip);
				await countProofFailure(deps, "second_factor", { userId: user.id });
				await recordAudit(deps, {
					action: "auth.login_failed",
					subject: user,
					meta,
					details: { during: "reauthenticate" },
				});
				return "INVALID_TOTP_CODE";
			}
			await confirmed(deps, user, auth.session.id, meta, spent.factor);
			return { user, spent };
		},
	);
	if (typeof outcome === "string") {
		await tellOwnerIfLocked(deps, "second_factor", auth.user, meta);
		return fail(outcome);
	}
	announceSpentFactor(deps, outcome.user, outcome.spent, meta);
	return IDENTITY_CONFIRMED;
}
