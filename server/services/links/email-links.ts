import { randomBytes } from "node:crypto";
import { and, eq, getTableColumns, gt, gte, lte, ne, or, sql } from "drizzle-orm";
import { changedRows, first } from "../../db/query.ts";
import { accountTokens } from "../../db/schema.ts";
import { hashSecretHex } from "../../lib/tokens.ts";
import type { ServiceDeps } from "../deps.ts";

/**
 * The single-use links mailed about an address: `email_verify` proves the account's new
 * address, `email_revert` ("This wasn't me") gives the account back to its old one.
 * Tokens are 32 random bytes (base64url); only their SHA-256 is stored.
 */
export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];
export type AccountTokenRow = typeof accountTokens.$inferSelect;
/**
 * A spent link, with its place in the order links were issued: SQLite's rowid, since a new
 * row gets one above every row in the table (the clock may read the same for two links).
 */
export type SpentAccountToken = AccountTokenRow & { issued: number };

const issuedOrder = sql<number>`rowid`;

/** How long each kind of link lives. */
export const VERIFY_LINK_TTL_MS = 24 * 3_600_000;
export const REVERT_LINK_TTL_MS = 7 * 86_400_000;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Stores a new link for `email` and returns its token. A newer verification link ends the
 * older ones; revert links pile up (each is the way back for one old address).
 */
export async function issueAccountToken(
	deps: ServiceDeps,
	userId: string,
	purpose: AccountTokenPurpose,
	email: string,
	ttlMs: number,
): Promise<string> {
	const token = randomBytes(32).toString("base64url");
	const now = deps.clock();
	if (purpose === "email_verify") await dropAccountTokens(deps, userId, "email_verify");
	await deps.db
		.insert(accountTokens)
		.values({ tokenHash: hashSecretHex(token), userId, purpose, email, expiresAt: now + ttlMs, createdAt: now });
	return token;
}

/**
 * Spends a token: it is deleted by the statement that finds it, so of two uses only one
 * wins. Undefined for a token of another shape or purpose, unknown, used or expired.
 */
export async function spendAccountToken(
	deps: ServiceDeps,
	purpose: AccountTokenPurpose,
	token: string,
): Promise<SpentAccountToken | undefined> {
	if (!TOKEN_SHAPE.test(token)) return undefined;
	const spent = await first(
		deps.db
			.delete(accountTokens)
			.where(and(eq(accountTokens.tokenHash, hashSecretHex(token)), eq(accountTokens.purpose, purpose)))
			.returning({ ...getTableColumns(accountTokens), issued: issuedOrder }),
	);
	return spent && spent.expiresAt > deps.clock() ? spent : undefined;
}

/** Ends the user's links of one purpose, or all of them. */
export async function dropAccountTokens(
	deps: ServiceDeps,
	userId: string,
	purpose?: AccountTokenPurpose,
): Promise<void> {
	const mine = eq(accountTokens.userId, userId);
	await deps.db.delete(accountTokens).where(purpose ? and(mine, eq(accountTokens.purpose, purpose)) : mine);
}

/**
 * What a spent "This wasn't me" link ends: every verification link of the account (the
 * address they prove is gone) and the revert links issued at or after it. Older revert
 * links stay: they are the ways back to addresses the account had before, so spending a
 * thief's later link cannot void the owner's earlier one.
 */
export async function dropLinksFromRevert(deps: ServiceDeps, spent: SpentAccountToken): Promise<void> {
	await deps.db
		.delete(accountTokens)
		.where(
			and(
				eq(accountTokens.userId, spent.userId),
				or(eq(accountTokens.purpose, "email_verify"), gte(issuedOrder, spent.issued)),
			),
		);
}

/**
 * Whether an address is held for another account by a live "This wasn't me" link: its
 * owner must be able to take it back, so nobody else may sign up with it or move to it
 * in the meantime (else a thief could block the way back by taking the old address).
 */
export async function addressReserved(deps: ServiceDeps, email: string, forUserId?: string): Promise<boolean> {
	const conditions = [
		eq(accountTokens.purpose, "email_revert"),
		eq(accountTokens.email, email.toLowerCase()),
		gt(accountTokens.expiresAt, deps.clock()),
	];
	if (forUserId !== undefined) conditions.push(ne(accountTokens.userId, forUserId));
	return (
		(await first(
			deps.db
				.select({ userId: accountTokens.userId })
				.from(accountTokens)
				.where(and(...conditions)),
		)) !== undefined
	);
}

/** Deletes expired links (housekeeping). Returns how many went. */
export async function sweepAccountTokens(deps: ServiceDeps): Promise<number> {
	return await changedRows(deps.db.delete(accountTokens).where(lte(accountTokens.expiresAt, deps.clock())));
}
