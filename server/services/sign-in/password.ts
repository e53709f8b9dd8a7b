import type { LoginInput, TokenPair } from "../../../shared/schemas/auth.ts";
import type { ReauthenticateInput } from "../../../shared/schemas/reauth.ts";
import type { UpdatePasswordInput } from "../../../shared/schemas/users.ts";
import type { UserRow } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { hashKeys, verifyAgainstDummy } from "../../lib/passwords.ts";
import { parseToken } from "../../lib/tokens.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { automaticVerificationMail } from "../account/email-verification.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { announceSpentFactor, hasTwoFactor, type SpentFactor, spendSecondFactor } from "../factors/two-factor.ts";
import { sendNotice } from "../notices.ts";
import { atomicallyAs } from "../sessions/acting-session.ts";
import {
	type Authenticated,
	createSession,
	markAuthenticated,
	revokeSession,
	revokeUserSessions,
	rotateSession,
} from "../sessions/session.ts";
import { assertNotLockedOut, clearFailedLogins, recordFailedLogin } from "../users/login-throttle.ts";
import { findUserByEmail, findUserById, setPassword } from "../users/records.ts";
import { reauthenticateWithPasskey } from "./passkey.ts";
import { assertProofTriesLeft, countProofFailure, refundProofTry, tellOwnerIfLocked } from "./proof-limits.ts";
import { refusedAfterProof } from "./refusals.ts";
import { afterPasswordWithTwoFactor, type PasswordAcceptedOutcome } from "./two-factor.ts";

/**
 * Checks the password (or spends the same time on a dummy hash when the e-mail is
 * unknown), applies the per-IP bucket and the per-account-and-client back-off, then opens
 * a session, but only if the account is still the one whose password was checked: the
 * verify takes a while, and a reset, a deactivation or a deletion may land meanwhile.
 * Under EMAIL_VERIFICATION=required an unproved address is refused only after the
 * password was found right (a wrong one answers as always), and gets a fresh link: its
 * owner has no session from which to ask for one.
 * An account with two-factor gets MFA_REQUIRED with a token for the second step instead
 * (or completes with the form's `totp_code`); a wrong password answers the same for every
 * account, so nobody learns which ones have two-factor.
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
		failedAttempt(deps, email, user, meta);
		return fail("INCORRECT_LOGIN");
	}
	let verification: MailMessage | null = null;
	// Refusals are returned, not thrown, so that the cleared back-off (or a failed code) commits.
	const outcome = atomically(deps, (): LoginOutcome => {
		const now = findUserById(deps, user.id);
		// Changed under us: the password that was checked is no longer this account's.
		if (!now || now.hashedPassword !== user.hashedPassword || now.email !== user.email) return "INCORRECT_LOGIN";
		const twoFactor = hasTwoFactor(now);
		// With two-factor the back-off lifts only once the code held too: a known password
		// must not reopen the guessing of codes.
		if (!twoFactor) clearFailedLogins(deps, email);
		if (!now.isActive) return refusedAfterProof(deps, now, meta, "INACTIVE_USER");
		if (deps.config.emailVerification === "required" && !now.emailVerified) {
			verification = automaticVerificationMail(deps, now, meta);
			return refusedAfterProof(deps, now, meta, "EMAIL_NOT_VERIFIED");
		}
		if (twoFactor) return afterPasswordWithTwoFactor(deps, now, input.totp_code, meta);
		const tokens = createSession(deps, now.id, meta);
		recordAudit(deps, { action: "auth.login", actor: now, subject: now, meta, details: { method: "password" } });
		return { tokens };
	});
	if (verification) deps.mailer.send(verification);
	if (outcome === "INVALID_TOTP_CODE") tellOwnerIfLocked(deps, "second_factor", user, meta);
	if (typeof outcome === "string") return fail(outcome);
	if ("mfaToken" in outcome) return fail("MFA_REQUIRED", { extra: { mfa_token: outcome.mfaToken } });
	if ("spent" in outcome) announceSpentFactor(deps, user, outcome.spent, meta);
	return outcome.tokens;
}

type LoginOutcome =
	| { tokens: TokenPair }
	| Exclude<PasswordAcceptedOutcome, string>
	| "INCORRECT_LOGIN"
	| "INACTIVE_USER"
	| "EMAIL_NOT_VERIFIED"
	| "INVALID_TOTP_CODE";

/**
 * The caller's password hash as stored now: a session never carries it (it stays in the
 * database until a password is checked). A deleted user has none: their session ended too.
 */
const currentPasswordHash = (deps: ServiceDeps, userId: string): string =>
	findUserById(deps, userId)?.hashedPassword ?? fail("INVALID_CREDENTIALS");

/**
 * Checks the caller's current password and answers the hash it matched. A stolen access
 * token must not guess forever from many addresses: the try is counted for the session and
 * the account before the hash (so concurrent guesses cannot pass the limits) and given back
 * when it was right; a wrong one also feeds the login back-off of this client.
 */
async function verifyCurrentPassword(
	deps: ServiceDeps,
	auth: Authenticated,
	password: string,
	meta: RequestMeta,
	during: "password_change" | "reauthenticate",
): Promise<string> {
	const { user } = auth;
	const holders = { userId: user.id, sessionId: auth.session.id };
	// A session that ended meanwhile counts nothing: the request is refused before any write.
	atomicallyAs(deps, auth, () => {
		assertProofTriesLeft(deps, "password", holders);
		countProofFailure(deps, "password", holders);
	});
	const checked = currentPasswordHash(deps, user.id);
	if (!(await deps.passwords.verify(checked, password, hashKeys(user.email, meta.requestId)))) {
		failedAttempt(deps, user.email, user, meta, during);
		tellOwnerIfLocked(deps, "password", user, meta);
		return fail("INCORRECT_PASSWORD");
	}
	atomically(deps, () => refundProofTry(deps, "password", holders));
	return checked;
}

/**
 * A wrong password: the back-off for this account and client grows, and the attempt is
 * recorded (on the account when it exists; an unknown e-mail is not written down, as it
 * may be a mistyped password).
 */
function failedAttempt(
	deps: ServiceDeps,
	email: string,
	user: Pick<UserRow, "id" | "email"> | undefined,
	meta: RequestMeta,
	during?: "password_change" | "reauthenticate" | "two_factor",
): void {
	atomically(deps, () => {
		recordFailedLogin(deps, email, meta.ip);
		recordAudit(deps, { action: "auth.login_failed", subject: user ?? null, meta, details: during ? { during } : {} });
	});
}

export const refresh = (deps: ServiceDeps, refreshToken: string, meta: RequestMeta): TokenPair =>
	rotateSession(deps, refreshToken, meta);

/** Ends the caller's session, and the one a given refresh token names when it is also theirs. */
export function logout(
	deps: ServiceDeps,
	auth: Authenticated,
	refreshToken: string | undefined,
	meta: RequestMeta,
): { message: string } {
	atomicallyAs(deps, auth, () => {
		revokeSession(deps, auth.session.id);
		const other = refreshToken ? parseToken(refreshToken) : null;
		if (other && other.id !== auth.session.id) {
			const { db } = deps;
			const row = db.query.sessions.findFirst({ where: (s, { eq }) => eq(s.id, other.id) }).sync();
			if (row?.userId === auth.user.id) revokeSession(deps, other.id);
		}
		recordAudit(deps, { action: "auth.logout", actor: auth.user, subject: auth.user, meta });
	});
	return { message: "Logged out successfully" };
}

export function logoutAll(deps: ServiceDeps, auth: Authenticated, meta: RequestMeta): { message: string } {
	atomicallyAs(deps, auth, (now) => {
		revokeUserSessions(deps, now.user.id);
		recordAudit(deps, { action: "auth.logout_all", actor: now.user, subject: now.user, meta });
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
	auth: Authenticated,
	input: UpdatePasswordInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	const { user } = auth;
	assertNotLockedOut(deps, user.email, meta.ip);
	const checked = await verifyCurrentPassword(deps, auth, input.current_password, meta, "password_change");
	if (input.current_password === input.new_password) fail("SAME_PASSWORD");
	const hashedPassword = await deps.passwords.hash(input.new_password, hashKeys(user.email, meta.requestId));
	atomicallyAs(deps, auth, (now) => {
		if (currentPasswordHash(deps, user.id) !== checked) fail("INCORRECT_PASSWORD");
		setPassword(deps, now.user, hashedPassword, auth.session.id);
		// Knowing the current password is a fresh proof of identity.
		markAuthenticated(deps, auth.session.id);
		recordAudit(deps, { action: "password.change", actor: now.user, subject: now.user, meta });
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
	auth: Authenticated,
	input: ReauthenticateInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	const { user } = auth;
	deps.limiter.take("login", meta.ip);
	assertNotLockedOut(deps, user.email, meta.ip);
	if (input.code) return reauthenticateWithCode(deps, auth, input.code, meta);
	if (input.passkey) return reauthenticateWithPasskey(deps, auth, input.passkey, meta);
	const checked = await verifyCurrentPassword(deps, auth, input.password ?? "", meta, "reauthenticate");
	atomicallyAs(deps, auth, (now) => {
		if (currentPasswordHash(deps, user.id) !== checked) fail("INCORRECT_PASSWORD");
		confirmed(deps, now.user, auth.session.id, meta, "password");
	});
	return IDENTITY_CONFIRMED;
}

const IDENTITY_CONFIRMED = { message: "Identity confirmed" };

function confirmed(
	deps: ServiceDeps,
	user: Pick<UserRow, "id" | "email">,
	sessionId: string,
	meta: RequestMeta,
	method: string,
): void {
	markAuthenticated(deps, sessionId);
	recordAudit(deps, { action: "auth.reauthenticate", actor: user, subject: user, meta, details: { method } });
}

function reauthenticateWithCode(
	deps: ServiceDeps,
	auth: Authenticated,
	code: string,
	meta: RequestMeta,
): { message: string } {
	const outcome = atomicallyAs(
		deps,
		auth,
		({ user: caller }): { user: UserRow; spent: SpentFactor } | "INVALID_TOTP_CODE" => {
			// The session knows no two-factor secret: the row is read in the transaction that spends the code.
			const user = findUserById(deps, caller.id) ?? fail("INVALID_CREDENTIALS");
			assertProofTriesLeft(deps, "second_factor", { userId: user.id });
			const spent = spendSecondFactor(deps, user, code, meta);
			if (!spent) {
				recordFailedLogin(deps, user.email, meta.ip);
				countProofFailure(deps, "second_factor", { userId: user.id });
				recordAudit(deps, { action: "auth.login_failed", subject: user, meta, details: { during: "reauthenticate" } });
				return "INVALID_TOTP_CODE";
			}
			confirmed(deps, user, auth.session.id, meta, spent.factor);
			return { user, spent };
		},
	);
	if (typeof outcome === "string") {
		tellOwnerIfLocked(deps, "second_factor", auth.user, meta);
		return fail(outcome);
	}
	announceSpentFactor(deps, outcome.user, outcome.spent, meta);
	return IDENTITY_CONFIRMED;
}
