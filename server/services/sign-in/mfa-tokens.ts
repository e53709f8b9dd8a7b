import { randomBytes } from "node:crypto";
import { and, desc, eq, lte, notInArray, sql } from "drizzle-orm";
import type { ProviderKind } from "../../config-oidc.ts";
import { mfaTokens } from "../../db/schema.ts";
import { hashSecretHex } from "../../lib/tokens.ts";
import type { ServiceDeps } from "../deps.ts";

/** The second step must follow the first within this time, in at most this many tries. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
export const MFA_TOKEN_TRIES = 5;
/** Second steps an account keeps open at once: a new login drops the oldest beyond these. */
export const MAX_LIVE_MFA_TOKENS = 5;

/** 32 random bytes, base64url: 43 characters. */
export const MFA_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** How the first step was proven: the second step's session and `auth.login` row follow it. */
export type FirstStep = { method: "password" } | { method: ProviderKind; provider: string };

/** A token proving the first factor held, for the second step; only its SHA-256 is kept. Inside a transaction. */
export async function issueMfaToken(deps: ServiceDeps, userId: string, firstStep: FirstStep): Promise<string> {
	const { db, clock } = deps;
	const token = randomBytes(32).toString("base64url");
	const now = clock();
	// Housekeeping: the user's lapsed tokens go whenever a new one is made.
	await db.delete(mfaTokens).where(and(eq(mfaTokens.userId, userId), lte(mfaTokens.expiresAt, now)));
	await db.insert(mfaTokens).values({
		tokenHash: hashSecretHex(token),
		userId,
		attemptsLeft: MFA_TOKEN_TRIES,
		method: firstStep.method,
		provider: "provider" in firstStep ? firstStep.provider : null,
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
