import { and, desc, eq, gt, isNull, lte, notInArray, sql } from "drizzle-orm";
import { first } from "../../db/query.ts";
import { webauthnChallenges } from "../../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";

/** A passkey ceremony must end within this time of its options. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Live challenges an account keeps per purpose: asking for more options drops the oldest (a ceremony in another tab ends). */
export const MAX_LIVE_CHALLENGES = 5;

export type ChallengePurpose = (typeof webauthnChallenges.$inferInsert)["purpose"];

/**
 * Keeps a challenge the server just put into options, for one ceremony: `userId` is the
 * account it is for, null for a sign-in (nobody is known yet; the per-IP login bucket
 * limits those). Lapsed ones are swept here, and an account keeps at most
 * MAX_LIVE_CHALLENGES per purpose, so a caller asking for options in a loop stores nothing more.
 */
export async function keepChallenge(
	{ db, clock }: ServiceDeps,
	challenge: string,
	purpose: ChallengePurpose,
	userId: string | null,
): Promise<void> {
	const now = clock();
	await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
	await db
		.insert(webauthnChallenges)
		.values({ challenge, purpose, userId, expiresAt: now + CHALLENGE_TTL_MS, createdAt: now });
	if (userId === null) return;
	const ofAccount = and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose));
	const newest = (
		await db
			.select({ challenge: webauthnChallenges.challenge })
			.from(webauthnChallenges)
			.where(ofAccount)
			.orderBy(desc(webauthnChallenges.createdAt), desc(sql`rowid`))
			.limit(MAX_LIVE_CHALLENGES)
	).map((row) => row.challenge);
	await db.delete(webauthnChallenges).where(and(ofAccount, notInArray(webauthnChallenges.challenge, newest)));
}

/**
 * Takes a kept challenge for its ceremony, once: the statement that finds it deletes it,
 * so of two answers signed over it at most one gets it, and a failed answer spends it too.
 * False when it is unknown, used, lapsed, of another purpose or another account.
 */
export async function takeChallenge(
	{ db, clock }: ServiceDeps,
	challenge: string | null,
	purpose: ChallengePurpose,
	userId: string | null,
): Promise<boolean> {
	if (challenge === null) return false;
	const taken = await first(
		db
			.delete(webauthnChallenges)
			.where(
				and(
					eq(webauthnChallenges.challenge, challenge),
					eq(webauthnChallenges.purpose, purpose),
					userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
					gt(webauthnChallenges.expiresAt, clock()),
				),
			)
			.returning({ challenge: webauthnChallenges.challenge }),
	);
	return taken !== undefined;
}

/** Ends the ceremonies under way for an account (a revert): its options no longer lead anywhere. */
export async function dropChallengesOf({ db }: ServiceDeps, userId: string): Promise<void> {
	await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
}
