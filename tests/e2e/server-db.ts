import { join } from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { accountKeyOf, clientKeyOf } from "../../server/services/users/login-throttle.ts";
import { dataDir, expect } from "./fixtures.ts";

/**
 * The e2e server's database, opened beside it, for what only time would otherwise bring:
 * a sign-in old enough for the re-authentication dialog, a failed login's back-off. The
 * test writes the rows as an operator would, and no timer is waited on; the server
 * notices another connection's write and forgets its cached sessions
 * (server/services/sessions/check-cache.ts), so the next request reads the row as written.
 */
function withServerDb<T>(act: (db: Database.Database) => T): T {
	const db = new Database(join(dataDir, "app.db"), { timeout: 5_000 });
	try {
		return act(db);
	} finally {
		db.close();
	}
}

const DAY_MS = 86_400_000;

/** The session the page is signed in with: the id before the dot of its access token. */
async function sessionIdOf(page: Page): Promise<string> {
	const token = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}").token as string);
	const id = token?.split(".")[0];
	if (!id) throw new Error("the page is not signed in");
	return id;
}

/**
 * Moves the page's last proof of identity (its sign-in) a day into the past, beyond any
 * recent-authentication window: the next sensitive action asks to confirm it is you.
 */
export async function signedInLongAgo(page: Page): Promise<void> {
	const id = await sessionIdOf(page);
	const changed = withServerDb(
		(db) =>
			db.prepare("UPDATE sessions SET authenticated_at = authenticated_at - ? WHERE id = ?").run(DAY_MS, id).changes,
	);
	expect(Number(changed), "the page's session row").toBe(1);
}

/**
 * Nine failed logins of this account from this address, their back-off just over (a wait
 * that ended a day ago would be swept): the next failure doubles it to the longest (300 s),
 * so a retry right after it is refused however slow the machine. The login back-off is per
 * account and client address (server/services/users/login-throttle.ts).
 */
export function failedLoginsBefore(email: string, clientIp: string): void {
	withServerDb((db) =>
		db
			.prepare("INSERT INTO login_throttle (account_key, client_key, failures, locked_until) VALUES (?, ?, 9, ?)")
			.run(accountKeyOf(email), clientKeyOf(clientIp), Date.now() - 1_000),
	);
}
