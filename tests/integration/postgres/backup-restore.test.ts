import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closePostgres, openPostgres, type PgDb } from "../../../server/db/postgres.ts";
import { holdRunningLock } from "../../../server/db/running-lock.ts";
import * as pgs from "../../../server/db/schema.pg.ts";
import { freshDatabase } from "../../helpers/postgres.ts";
import { runCli, runCliHere, tempDir } from "../../helpers/process.ts";

const opened: PgDb[] = [];
afterEach(async () => {
	await Promise.all(opened.splice(0).map((db) => closePostgres(db).catch(() => undefined)));
});
const open = (url: string) => {
	const db = openPostgres(url, 2);
	opened.push(db);
	return db;
};

const addUser = (db: PgDb, email: string) =>
	db.insert(pgs.users).values({ id: email, email, hashedPassword: "!", createdAt: 1_790_000_000_000 });
const emails = async (db: PgDb) =>
	(await db.select({ email: pgs.users.email }).from(pgs.users)).map((u) => u.email).sort();

/** The database's URL with a password in it (the test cluster trusts loopback and ignores it). */
const withPassword = (url: string, password: string) => url.replace("postgres@", `postgres:${password}@`);

describe("backup and restore on PostgreSQL", () => {
	it("backs up to an owner-only file, refuses to overwrite it, and restore brings the database back to it", {
		timeout: 60_000,
	}, async () => {
		const url = withPassword(await freshDatabase("migrated"), "pw-not-to-be-seen");
		const env = { DATA_DIR: tempDir(), DATABASE_URL: url };
		const db = open(url);
		await addUser(db, "before@example.com");
		const file = join(tempDir(), "portico.dump");

		const backup = await runCliHere(["backup", file], env);
		expect(backup.stderr).toBe("");
		expect(backup.code).toBe(0);
		expect(backup.stdout).toContain(`Backup written: ${file} (${statSync(file).size} bytes)`);
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP"); // pg_dump's custom format

		const again = await runCliHere(["backup", file], env);
		expect(again.code).toBe(1);
		expect(again.stderr).toMatch(/already exists/);

		await addUser(db, "after@example.com");
		const restore = await runCliHere(["restore", file], env);
		expect(restore.stderr).toBe("");
		expect(restore.code).toBe(0);
		expect(restore.stdout).toMatch(/Restored .* migrations applied/);
		expect(await emails(db)).toEqual(["before@example.com"]);
		for (const said of [backup, again, restore]) expect(said.stdout + said.stderr).not.toContain("pw-not-to-be-seen");
	});

	it("refuses to restore while an instance holds the running lock, and changes nothing", {
		timeout: 60_000,
	}, async () => {
		const url = await freshDatabase("migrated");
		const env = { DATA_DIR: tempDir(), DATABASE_URL: url };
		const db = open(url);
		const file = join(tempDir(), "portico.dump");
		expect((await runCliHere(["backup", file], env)).code).toBe(0);
		await addUser(db, "after@example.com");

		const running = await holdRunningLock(url); // what server/main.ts takes after its migrations
		const refused = await runCliHere(["restore", file], env);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toMatch(/instances are running on this database: stop every one of them/);
		expect(await emails(db)).toEqual(["after@example.com"]);

		await running.release();
		expect((await runCliHere(["restore", file], env)).code).toBe(0);
		expect(await emails(db)).toEqual([]);
	});

	it("gives pg_dump the password in PGPASSWORD, never on its command line nor in the error", {
		timeout: 60_000,
	}, async () => {
		// A pg_dump first on PATH that records what it was given, then fails saying it.
		const bin = tempDir();
		const seen = join(bin, "seen");
		writeFileSync(
			join(bin, "pg_dump"),
			`#!/bin/sh\necho "argv: $*" > ${seen}\necho "PGPASSWORD=$PGPASSWORD" >> ${seen}\necho "pg_dump: error: it failed; argv: $* env: $PGPASSWORD" >&2\nexit 1\n`,
		);
		chmodSync(join(bin, "pg_dump"), 0o755);
		const url = "postgres://portico:s3cret%2Fpw@127.0.0.1:1/portico";
		const file = join(tempDir(), "portico.dump");
		const result = await runCli(["backup", file], {
			DATA_DIR: tempDir(),
			DATABASE_URL: url,
			PATH: `${bin}:${process.env.PATH}`,
		});
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^Error: pg_dump failed: pg_dump: error: it failed; argv: /);
		expect(result.stderr).not.toContain("s3cret");
		const recorded = readFileSync(seen, "utf8");
		expect(recorded).toContain("argv: --format=custom --file");
		expect(recorded).toContain("postgres://portico@127.0.0.1:1/portico");
		expect(recorded.split("\n")[0]).not.toContain("s3cret");
		expect(recorded).toContain("PGPASSWORD=s3cret/pw");
		expect(existsSync(file)).toBe(false); // a failed dump leaves no file
	});
});
