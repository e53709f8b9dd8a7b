import { eq } from "drizzle-orm";
import { loginThrottle } from "../db/schema.ts";
import { fail } from "../domain/errors.ts";
import type { ServiceDeps } from "./deps.ts";

const MAX_WAIT_SECONDS = 300;

/** Throws RATE_LIMITED while the account is in its back-off after failed logins. */
export function assertNotLockedOut({ db, clock }: ServiceDeps, email: string): void {
	const row = db.select().from(loginThrottle).where(eq(loginThrottle.email, email)).get();
	const now = clock();
	if (row && row.lockedUntil > now) fail("RATE_LIMITED", { retryAfter: Math.ceil((row.lockedUntil - now) / 1000) });
}

/** Each failure doubles the wait: 1, 2, 4 ... 300 seconds. Kept in SQLite so a restart keeps it. */
export function recordFailedLogin({ db, clock }: ServiceDeps, email: string): void {
	const row = db.select().from(loginThrottle).where(eq(loginThrottle.email, email)).get();
	const failures = (row?.failures ?? 0) + 1;
	const waitSeconds = Math.min(2 ** (failures - 1), MAX_WAIT_SECONDS);
	const values = { email, failures, lockedUntil: clock() + waitSeconds * 1000 };
	db.insert(loginThrottle)
		.values(values)
		.onConflictDoUpdate({ target: loginThrottle.email, set: { failures, lockedUntil: values.lockedUntil } })
		.run();
}

export function clearFailedLogins({ db }: ServiceDeps, email: string): void {
	// A read first: most logins have no failures to clear, and a write costs an fsync.
	const row = db.select({ email: loginThrottle.email }).from(loginThrottle).where(eq(loginThrottle.email, email)).get();
	if (row) db.delete(loginThrottle).where(eq(loginThrottle.email, email)).run();
}
