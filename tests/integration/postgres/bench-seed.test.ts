import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verify } from "@node-rs/argon2";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { seedPostgresUsers } from "../../../bench/postgres.ts";
import { seedUsers } from "../../../bench/seed.ts";
import { freshDatabase } from "../../helpers/postgres.ts";

type Seeded = { email: string; full_name: string; hashed_password: string };

describe("the bench's PostgreSQL seed", () => {
	it("holds the users the SQLite seed holds, in the same order of creation and insertion", async () => {
		const url = await freshDatabase("migrated");
		await seedPostgresUsers(url, 25, "bench-password-123");
		const client = new pg.Client({ connectionString: url });
		await client.connect();
		const onPostgres = await client
			.query<Seeded & { by_rowid: boolean }>(
				`select email, full_name, hashed_password, row_number() over (order by rowid) = row_number() over (order by created_at) as by_rowid
				 from users order by created_at`,
			)
			.then(({ rows }) => rows);
		// Vacuumed, as autovacuum would have left a table that grew (the visibility map, the trigram indexes' pending lists).
		const vacuumed = await client
			.query<{ done: boolean }>(
				"select last_vacuum is not null as done from pg_stat_user_tables where relname = 'users'",
			)
			.finally(() => client.end());
		expect(vacuumed.rows).toEqual([{ done: true }]);

		const dir = mkdtempSync(join(tmpdir(), "portico-bench-seed-"));
		onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
		const path = join(dir, "app.db");
		await seedUsers(path, 25, "bench-password-123");
		const sqlite = new Database(path, { readonly: true });
		const onSqlite = sqlite.prepare("select email, full_name from users order by created_at").all() as Seeded[];
		sqlite.close();

		expect(onPostgres.map(({ email, full_name }) => ({ email, full_name }))).toEqual(onSqlite);
		expect(onPostgres.every((row) => row.by_rowid)).toBe(true);
		expect(await verify(onPostgres[0]?.hashed_password as string, "bench-password-123")).toBe(true);
	});
});
