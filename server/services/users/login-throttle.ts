import { and, eq, lt, sql } from "drizzle-orm";
import { first } from "../../db/query.ts";
import { loginThrottle } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import { clientKey } from "../../lib/rate-limiter.ts";
import { hashSecretHex } from "../../lib/tokens.ts";
import type { ServiceDeps } from "../deps.ts";

const MAX_WAIT_SECONDS = 300;
/** A back-off nobody touched for this long is forgotten, so the table cannot grow without bound. */
const FORGET_AFTER_MS = 24 * 3_600_000;

/** The e-mail and the client come from the request, of any length: a row keeps their SHA-256 only. */
/** The stored keys are hashes: what a client sends never reaches the table as it is. */
export const accountKeyOf = (email: string) => hashSecretHex(email);
export const clientKeyOf = (ip: string) => hashSecretHex(clientKey(ip));

const thisPair = (email: string, ip: string) =>
	and(eq(loginThrottle.accountKey, accountKeyOf(email)), eq(loginThrottle.clientKey, clientKeyOf(ip)));

/** Throws RATE_LIMITED while this account is in its back-off for this client after failed logins. */
export async function assertNotLockedOut({ db, clock }: ServiceDeps, email: string, ip: string): Promise<void> {
	const row = await first(db.select().from(loginThrottle).where(thisPair(email, ip)));
	const now = clock();
	if (row && row.lockedUntil > now) fail("RATE_LIMITED", { retryAfter: Math.ceil((row.lockedUntil - now) / 1000) });
}

/** 2^8 seconds is the last doubling under MAX_WAIT_SECONDS; from 9 failures on the wait is the maximum. */
const LAST_DOUBLING = Math.floor(Math.log2(MAX_WAIT_SECONDS));

/**
 * Each failure doubles the wait: 1, 2, 4 ... 300 seconds. Kept in the database so a restart
 * keeps it; waits that ended a day ago are swept here, on the failure path only. One
 * statement counts the failure (the database adds one to what it holds), so concurrent
 * failures all count, on one instance or several.
 */
export async function recordFailedLogin({ db, clock }: ServiceDeps, email: string, ip: string): Promise<void> {
	const now = clock();
	await db.delete(loginThrottle).where(lt(loginThrottle.lockedUntil, now - FORGET_AFTER_MS));
	const failuresBefore = loginThrottle.failures;
	await db
		.insert(loginThrottle)
		.values({ accountKey: accountKeyOf(email), clientKey: clientKeyOf(ip), failures: 1, lockedUntil: now + 1000 })
		.onConflictDoUpdate({
			target: [loginThrottle.accountKey, loginThrottle.clientKey],
			set: {
				failures: sql`${failuresBefore} + 1`,
				lockedUntil: sql`cast(${now} as bigint) + 1000 * (case when ${failuresBefore} > ${LAST_DOUBLING} then ${MAX_WAIT_SECONDS} else 1 << ${failuresBefore} end)`,
			},
		});
}

/** The owner proved the password (or an operator or reset link replaced it): every wait of the account ends. */
export async function clearFailedLogins({ db }: ServiceDeps, email: string): Promise<void> {
	// A read first: most logins have no failures to clear, and a write costs an fsync.
	const ofAccount = eq(loginThrottle.accountKey, accountKeyOf(email));
	const row = await first(db.select({ key: loginThrottle.accountKey }).from(loginThrottle).where(ofAccount));
	if (row) await db.delete(loginThrottle).where(ofAccount);
}
