import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lte, notInArray, sql } from "drizzle-orm";
import type { TokenPair } from "../../../shared/schemas/auth.ts";
import type { MfaLoginInput } from "../../../shared/schemas/two-factor.ts";
import { first } from "../../db/query.ts";
import { mfaTokens, type UserRow } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { hashSecretHex } from "../../lib/tokens.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { automaticVerificationMail } from "../account/email-verification.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { announceSpentFactor, hasTwoFactor, type SpentFactor, spendSecondFactor } from "../factors/two-factor.ts";
import { createSession } from "../sessions/session.ts";
import { assertNotLockedOut, clearFailedLogins, recordFailedLogin } from "../users/login-throttle.ts";
import { findUserById } from "../users/records.ts";
import { assertProofTriesLeft, countProofFailure, tellOwnerIfLocked } from "./proof-limits.ts";
import { refusedAfterProof } from "./refusals.ts";

/** The second step must follow the first within this time, in at most this many tries. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
export const MFA_TOKEN_TRIES = 5;
/** Second steps an account keeps open at once: a new login drops the oldest beyond these. */
export const MAX_LIVE_MFA_TOKENS = 5;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A token proving the password was right, for the second step; only its SHA-256 is kept. Inside a transaction. */
async function issueMfaToken(deps: ServiceDeps, userId: string): Promise<string> {
	const { db, clock } = deps;
	const token = randomBytes(32).toString("base64url");
	const now = clock();
	// Housekeeping: the user's lapsed tokens go whenever a new one is made.
	await db.delete(mfaTokens).where(and(eq(mfaTokens.userId, userId), lte(mfaTokens.expiresAt, now)));
	await db.insert(mfaTokens).values({
		tokenHash: hashSecretHex(token),
		userId,
		attemptsLeft: MFA_TOKEN_TRIES,
		expiresAt: now + MFA_TOKEN_TTL_MS,
		createdAt: now,
	});
	const newest = (
		await db
			.select({ tokenHash: mfaTokens.tokenHash })
			.from(mfaTokens)
			.where(eq(mfaTokens.userId, userId))
			.orderBy(desc(mfaTokens.createdAt), desc(sql`rowid`))
			.limit(MAX_LIVE_MFA_TOKENS)
	).map((row) => row.tokenHash);
	await db.delete(mfaTokens).where(and(eq(mfaTokens.userId, userId), notInArray(mfaTokens.tokenHash, newest)));
	return token;
}

/**
 * A wrong code: the login back-off of this account and client grows, the account's count
 * of wrong codes too (whatever the client), and the attempt is recorded.
 */
async function failedCode(deps: ServiceDeps, user: UserRow, meta: RequestMeta): Promise<void> {
	await recordFailedLogin(deps, user.email, meta.ip);
	await countProofFailure(deps, "second_factor", { userId: user.id });
	await recordAudit(deps, { action: "auth.login_failed", subject: user, meta, details: { during: "two_factor" } });
}

/** The session of a login whose every factor held, with its audit row. Inside a transaction. */
async function signIn(deps: ServiceDeps, user: UserRow, spent: SpentFactor, meta: RequestMeta): Promise<TokenPair> {
	await clearFailedLogins(deps, user.email);
	const tokens = await createSession(deps, user.id, meta);
	await recordAudit(deps, {
		action: "auth.login",
		actor: user,
		subject: user,
		meta,
		details: { method: "password", factor: spent.factor },
	});
	return tokens;
}

export type PasswordAcceptedOutcome =
	| { tokens: TokenPair; spent: SpentFactor }
	| { mfaToken: string }
	| "INVALID_TOTP_CODE";

/**
 * After the right password of an active account with two-factor, inside the login's
 * transaction: with a code sent along (the form's `totp_code`), the login completes or
 * counts as failed; without one, the answer is a token for the second step. The back-off
 * is only lifted once every factor held, so a known password does not reopen the guessing
 * of codes.
 */
export async function afterPasswordWithTwoFactor(
	deps: ServiceDeps,
	user: UserRow,
	code: string | undefined,
	meta: RequestMeta,
): Promise<PasswordAcceptedOutcome> {
	if (code === undefined || code === "") return { mfaToken: await issueMfaToken(deps, user.id) };
	await assertProofTriesLeft(deps, "second_factor", { userId: user.id });
	const spent = await spendSecondFactor(deps, user, code, meta);
	if (!spent) {
		await failedCode(deps, user, meta);
		return "INVALID_TOTP_CODE";
	}
	return { tokens: await signIn(deps, user, spent, meta), spent };
}

/** Refusals are returned from the transaction, so that what a failure writes commits. */
type StepOutcome =
	| { tokens: TokenPair; spent: SpentFactor; user: UserRow }
	| "MFA_TOKEN_INVALID"
	| "INVALID_TOTP_CODE"
	| "EMAIL_NOT_VERIFIED";

/** A token that is unknown, used up or expired: a failed login (on its account when known). Inside a transaction. */
async function invalidToken(
	deps: ServiceDeps,
	user: UserRow | null,
	meta: RequestMeta,
	reason: string,
): Promise<"MFA_TOKEN_INVALID"> {
	await recordAudit(deps, {
		action: "auth.login_failed",
		subject: user,
		meta,
		details: { during: "two_factor", reason },
	});
	return "MFA_TOKEN_INVALID";
}

/**
 * POST /login/mfa: the second step. Each try spends one of the token's five (taken before
 * the code is looked at, so concurrent tries cannot exceed them); a wrong code counts as a
 * failed login for the back-off; the right one ends the token and opens the session, under
 * the rules of the first step (an active account, and a proved address when required).
 * An unknown or spent token is a failed login too.
 */
export async function completeMfaLogin(deps: ServiceDeps, input: MfaLoginInput, meta: RequestMeta): Promise<TokenPair> {
	const { db, clock } = deps;
	await deps.limiter.take(deps, "login", meta.ip);
	const tokenHash = TOKEN_SHAPE.test(input.mfa_token) ? hashSecretHex(input.mfa_token) : null;
	const pending = tokenHash
		? await first(db.select().from(mfaTokens).where(eq(mfaTokens.tokenHash, tokenHash)))
		: undefined;
	const owner = pending ? await findUserById(deps, pending.userId) : undefined;
	if (!tokenHash || !pending || !owner) {
		await atomically(deps, async (deps) => invalidToken(deps, null, meta, "mfa_token_invalid"));
		return fail("MFA_TOKEN_INVALID");
	}
	await assertNotLockedOut(deps, owner.email, meta.ip);
	let verification: MailMessage | null = null;
	const outcome = await atomically(deps, async (deps): Promise<StepOutcome> => {
		const now = clock();
		const claimed = await first(
			deps.db
				.update(mfaTokens)
				.set({ attemptsLeft: sql`${mfaTokens.attemptsLeft} - 1` })
				.where(and(eq(mfaTokens.tokenHash, tokenHash), gt(mfaTokens.attemptsLeft, 0), gt(mfaTokens.expiresAt, now)))
				.returning(),
		);
		if (!claimed) {
			await deps.db.delete(mfaTokens).where(eq(mfaTokens.tokenHash, tokenHash));
			return await invalidToken(deps, owner, meta, "mfa_token_expired");
		}
		const user = await findUserById(deps, claimed.userId);
		// Deactivated, or two-factor turned off by an admin, since the password was checked: start again.
		if (!user?.isActive || !hasTwoFactor(user)) {
			await deps.db.delete(mfaTokens).where(eq(mfaTokens.tokenHash, tokenHash));
			return await invalidToken(deps, user ?? null, meta, user?.isActive ? "two_factor_off" : "inactive");
		}
		// The address may have become unproved since the first step (a new e-mail, an admin's change).
		if (deps.config.emailVerification === "required" && !user.emailVerified) {
			await deps.db.delete(mfaTokens).where(eq(mfaTokens.tokenHash, tokenHash));
			verification = await automaticVerificationMail(deps, user, meta);
			return await refusedAfterProof(deps, user, meta, "EMAIL_NOT_VERIFIED", { during: "two_factor" });
		}
		// Thrown, so the try of the token taken above is given back.
		await assertProofTriesLeft(deps, "second_factor", { userId: user.id });
		const spent = await spendSecondFactor(deps, user, input.code, meta);
		if (!spent) {
			await failedCode(deps, user, meta);
			if (claimed.attemptsLeft === 0) await deps.db.delete(mfaTokens).where(eq(mfaTokens.tokenHash, tokenHash));
			return "INVALID_TOTP_CODE";
		}
		await deps.db.delete(mfaTokens).where(eq(mfaTokens.tokenHash, tokenHash));
		return { tokens: await signIn(deps, user, spent, meta), spent, user };
	});
	if (verification) deps.mailer.send(verification);
	if (outcome === "INVALID_TOTP_CODE") await tellOwnerIfLocked(deps, "second_factor", owner, meta);
	if (typeof outcome === "string") return fail(outcome);
	announceSpentFactor(deps, outcome.user, outcome.spent, meta);
	return outcome.tokens;
}
