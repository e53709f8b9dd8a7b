import { and, eq, lt, sql } from "drizzle-orm";
import { first } from "../../db/query.ts";
import { proofFailures, type UserRow } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { sendNotice } from "../notices.ts";

/**
 * Wrong proofs of identity counted per account and per session, whatever the client
 * (docs/decisions/029). Only someone past the password (a second-factor code) or holding a
 * session (a current password) reaches them, so a stranger cannot lock anybody out here;
 * the per-IP limits alone let a guesser with many addresses go on.
 */
export type ProofKind = "second_factor" | "password";

export const PROOF_WINDOW_MS = 15 * 60_000;
/** Wrong proofs of a kind allowed per window: per account, and per session where one asks. */
export const PROOF_LIMITS = {
	second_factor: { account: 10 },
	password: { account: 10, session: 5 },
} as const;
/** A window that ended a day ago is forgotten, so the table holds only recent guessing. */
const FORGET_AFTER_MS = 24 * 3_600_000;

/** Whose failures are counted: the account always, the session for a current password. */
export type ProofHolders = { userId: string; sessionId?: string };

type Counter = { holder: string; max: number };

function countersOf(kind: ProofKind, { userId, sessionId }: ProofHolders): Counter[] {
	const counters: Counter[] = [{ holder: `user:${userId}`, max: PROOF_LIMITS[kind].account }];
	if (kind === "password" && sessionId)
		counters.push({ holder: `session:${sessionId}`, max: PROOF_LIMITS.password.session });
	return counters;
}

const rowOf = async ({ db }: ServiceDeps, kind: ProofKind, holder: string) =>
	await first(
		db
			.select()
			.from(proofFailures)
			.where(and(eq(proofFailures.kind, kind), eq(proofFailures.holder, holder))),
	);

/** What a full window answers: a rate limit that says which proofs were wrong too often. */
const LIMITED_REASON = { second_factor: "TOO_MANY_WRONG_CODES", password: "TOO_MANY_WRONG_PASSWORDS" } as const;

/** Throws TOO_MANY_WRONG_CODES or _PASSWORDS (with the seconds until the window ends) while any counter of the holders is full. */
export async function assertProofTriesLeft(deps: ServiceDeps, kind: ProofKind, holders: ProofHolders): Promise<void> {
	const now = deps.clock();
	let waitMs = 0;
	for (const { holder, max } of countersOf(kind, holders)) {
		const row = await rowOf(deps, kind, holder);
		if (row && row.windowEndsAt > now && row.failures >= max) waitMs = Math.max(waitMs, row.windowEndsAt - now);
	}
	if (waitMs > 0) fail(LIMITED_REASON[kind], { retryAfter: Math.ceil(waitMs / 1000) });
}

/**
 * Counts one wrong proof for each holder: the first of a window opens it for PROOF_WINDOW_MS.
 * Inside the transaction that checked assertProofTriesLeft, so concurrent tries cannot pass
 * the limit; and one statement per holder, that counts from what the database holds.
 */
export async function countProofFailure(deps: ServiceDeps, kind: ProofKind, holders: ProofHolders): Promise<void> {
	const { db, clock } = deps;
	const now = clock();
	await db.delete(proofFailures).where(lt(proofFailures.windowEndsAt, now - FORGET_AFTER_MS));
	const windowOver = sql`${proofFailures.windowEndsAt} <= ${now}`;
	for (const { holder } of countersOf(kind, holders)) {
		await db
			.insert(proofFailures)
			.values({ kind, holder, failures: 1, windowEndsAt: now + PROOF_WINDOW_MS, noticeSent: false })
			.onConflictDoUpdate({
				target: [proofFailures.kind, proofFailures.holder],
				set: {
					failures: sql`case when ${windowOver} then 1 else ${proofFailures.failures} + 1 end`,
					windowEndsAt: sql`case when ${windowOver} then ${now + PROOF_WINDOW_MS} else ${proofFailures.windowEndsAt} end`,
					noticeSent: sql`(${proofFailures.windowEndsAt} > ${now} and ${proofFailures.noticeSent})`,
				},
			});
	}
}

/**
 * A try counted before a password hash (so that concurrent ones cannot pass the limit)
 * turned out right: it is taken back.
 */
export async function refundProofTry(deps: ServiceDeps, kind: ProofKind, holders: ProofHolders): Promise<void> {
	for (const { holder } of countersOf(kind, holders)) {
		await deps.db
			.update(proofFailures)
			.set({ failures: sql`case when ${proofFailures.failures} > 0 then ${proofFailures.failures} - 1 else 0 end` })
			.where(and(eq(proofFailures.kind, kind), eq(proofFailures.holder, holder)));
	}
}

/**
 * True once per lock of the account: when its counter is full and the owner was not told
 * yet in this window (the caller then sends the notice, after the commit).
 */
async function accountJustLocked(deps: ServiceDeps, kind: ProofKind, userId: string): Promise<boolean> {
	const holder = `user:${userId}`;
	const row = await rowOf(deps, kind, holder);
	if (!row || row.noticeSent || row.failures < PROOF_LIMITS[kind].account || row.windowEndsAt <= deps.clock())
		return false;
	await deps.db
		.update(proofFailures)
		.set({ noticeSent: true })
		.where(and(eq(proofFailures.kind, kind), eq(proofFailures.holder, holder)));
	return true;
}

/** After a wrong proof has committed: the owner hears by e-mail once per lock of their account. */
export async function tellOwnerIfLocked(
	deps: ServiceDeps,
	kind: ProofKind,
	user: Pick<UserRow, "id" | "email" | "fullName">,
	meta: RequestMeta,
): Promise<void> {
	if (!(await atomically(deps, async (deps) => accountJustLocked(deps, kind, user.id)))) return;
	sendNotice(deps, user, { kind: kind === "second_factor" ? "secondFactorLocked" : "passwordGuessesLocked" }, meta);
}
