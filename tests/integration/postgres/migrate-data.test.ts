import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/client.ts";
import { closeDatabase } from "../../../server/db/database.ts";
import { COPY_ORDER } from "../../../server/db/migrate-data.ts";
import { closePostgres, openPostgres, type PgDb } from "../../../server/db/postgres.ts";
import { holdRunningLock } from "../../../server/db/running-lock.ts";
import * as pgs from "../../../server/db/schema.pg.ts";
import { freshDatabase } from "../../helpers/postgres.ts";
import { runCliHere, tempDir } from "../../helpers/process.ts";
import { OLD_PASSWORD, sqliteInstallation } from "./sqlite-fixture.ts";

const opened: PgDb[] = [];
afterEach(async () => {
	await Promise.all(opened.splice(0).map((db) => closePostgres(db).catch(() => undefined)));
});
const open = (url: string) => {
	const db = openPostgres(url, 2);
	opened.push(db);
	return db;
};

/** Every row of every table through Drizzle, each engine's schema, in insertion (rowid) order. */
async function rowsOf(read: (table: (typeof COPY_ORDER)[number]) => Promise<unknown[]>) {
	const rows: Record<string, unknown[]> = {};
	for (const table of COPY_ORDER) rows[table.name] = await read(table);
	return rows;
}

describe("migrate-data: a SQLite installation into an empty PostgreSQL database", () => {
	it("copies every row field by field in insertion order, checks and prints the counts, and copies the media", {
		timeout: 60_000,
	}, async () => {
		const old = tempDir();
		const { databasePath, mediaIds } = await sqliteInstallation(old);
		const url = await freshDatabase("empty"); // migrate-data applies migrations-pg itself
		const dataDir = tempDir();
		const env = { DATA_DIR: dataDir, DATABASE_URL: url };

		const result = await runCliHere(["migrate-data", "--from", databasePath, "--media-from", join(old, "media")], env);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		for (const line of [
			"users: 3",
			"sessions: 1",
			"media: 2",
			"audit_events: 2",
			"passkeys: 1",
			"webauthn_challenges: 2",
		])
			expect(result.stdout).toContain(`  ${line}\n`);
		expect(result.stdout).toContain("Media files: 2 copied");
		expect(result.stdout).toMatch(/two-factor secrets .* readable only with the same key/);

		const sqlite = openDatabase(databasePath);
		const db = open(url);
		try {
			const before = await rowsOf((t) => sqlite.select().from(t.sqlite).orderBy(sql`rowid`));
			const after = await rowsOf((t) =>
				t.name in { users: 1, media: 1, account_tokens: 1, mfa_tokens: 1, webauthn_challenges: 1 }
					? db.select().from(t.postgres).orderBy(sql`rowid`)
					: db.select().from(t.postgres),
			);
			expect(after).toEqual(before);
			expect(Object.values(before).every((rows) => rows.length > 0)).toBe(true);
			expect((before.users as Array<{ id: string }>).map((u) => u.id)).toEqual(["u-c", "u-a", "u-b"]);

			// A login with the old password: the copied hash verifies (the services cannot run on PostgreSQL yet).
			const [alice] = await db.select().from(pgs.users).where(eq(pgs.users.email, "alice@example.com"));
			expect(await verify(alice?.hashedPassword ?? "", OLD_PASSWORD)).toBe(true);

			// AUTOINCREMENT: SQLite gave id 3 before it was deleted; PostgreSQL goes on past it.
			const [next] = await db
				.insert(pgs.auditEvents)
				.values({ at: 1, action: "user.login" })
				.returning({ id: pgs.auditEvents.id });
			expect(next?.id).toBe(4);
			const [code] = await db
				.insert(pgs.recoveryCodes)
				.values({ userId: "u-a", codeHash: "rc3", createdAt: 1 })
				.returning({ id: pgs.recoveryCodes.id });
			expect(code?.id).toBe(3);
		} finally {
			await closeDatabase(sqlite);
		}
		for (const [n, id] of mediaIds.entries()) {
			const file = join(dataDir, "media", id);
			expect(readFileSync(file)).toEqual(Buffer.alloc(10 + n, 7 + n));
			expect(statSync(file).mode & 0o777).toBe(0o600);
		}
	});

	it("refuses a database that has rows, a SQLite file in use, or while an instance runs on PostgreSQL, changing nothing", {
		timeout: 60_000,
	}, async () => {
		const old = tempDir();
		const { databasePath } = await sqliteInstallation(old);
		const url = await freshDatabase("migrated");
		const dataDir = tempDir();
		const env = { DATA_DIR: dataDir, DATABASE_URL: url };
		const args = ["migrate-data", "--from", databasePath, "--media-from", join(old, "media")];
		const db = open(url);

		// A server still running on the SQLite file: its writes would not be copied.
		const server = openDatabase(databasePath);
		const inUse = await runCliHere(args, env);
		await closeDatabase(server);
		expect(inUse.code).toBe(1);
		expect(inUse.stderr).toMatch(/is in use: stop the server/);

		const running = await holdRunningLock(url);
		const whileRunning = await runCliHere(args, env);
		expect(whileRunning.code).toBe(1);
		expect(whileRunning.stderr).toMatch(/instances are running on this database/);
		await running.release();

		await db.insert(pgs.users).values({ id: "x", email: "x@example.com", hashedPassword: "!", createdAt: 1 });
		const refused = await runCliHere(args, env);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toMatch(/not empty \(rows in users\)/);
		expect(await db.$count(pgs.users)).toBe(1);
		expect(await db.$count(pgs.sessions)).toBe(0);
		expect(existsSync(join(dataDir, "media"))).toBe(false);
	});

	it("is in the CLI's help, and needs DATABASE_URL on PostgreSQL", async () => {
		expect((await runCliHere(["help"], {})).stdout).toMatch(/migrate-data \[--from FILE\] \[--media-from DIR\]/);
		const result = await runCliHere(["migrate-data"], { DATA_DIR: tempDir() });
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/set DATABASE_URL to the empty PostgreSQL database/);
	});
});
