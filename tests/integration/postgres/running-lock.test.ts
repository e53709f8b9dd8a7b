import pg from "pg";
import { describe, expect, it } from "vitest";
import { RUNNING_LOCK } from "../../../server/db/running-lock.ts";
import { freePort } from "../../helpers/free-port.ts";
import { freshDatabase } from "../../helpers/postgres.ts";
import { SUPERUSER, spawnServer, tempDir } from "../../helpers/process.ts";

/** Polls `check` (a query, not a sleep that orders anything) until it holds, or fails saying `what`. */
async function until(check: () => Promise<boolean>, what: string, output: () => string, timeoutMs = 20_000) {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`${what} did not happen; server output:\n${output()}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

describe("the running lock a server holds on PostgreSQL", () => {
	it("is taken shared before the migrations: a server starting during a restore waits for it", {
		timeout: 60_000,
	}, async () => {
		const url = await freshDatabase("empty");
		const restore = new pg.Client({ connectionString: url });
		await restore.connect();
		try {
			// What `restore` holds meanwhile (server/db/running-lock.ts whileNoInstanceRuns).
			expect((await restore.query("select pg_try_advisory_lock($1) as taken", [RUNNING_LOCK])).rows[0].taken).toBe(
				true,
			);
			const server = spawnServer({
				DATA_DIR: tempDir(),
				DATABASE_URL: url,
				SECRET_KEY: "ef".repeat(32), // required on PostgreSQL
				PORT: String(await freePort()),
				HOST: "127.0.0.1",
				FIRST_SUPERUSER_EMAIL: SUPERUSER.email,
				FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
			});
			const waiting = async () =>
				(
					await restore.query(
						"select count(*)::int as n from pg_locks where locktype = 'advisory' and mode = 'ShareLock' and not granted and pid <> pg_backend_pid()",
					)
				).rows[0].n === 1;
			await until(waiting, "the server's wait for the running lock", server.output);
			const migrated = async () =>
				(await restore.query("select to_regclass('drizzle.__drizzle_migrations') is not null as done")).rows[0].done;
			expect(await migrated()).toBe(false);

			await restore.query("select pg_advisory_unlock($1)", [RUNNING_LOCK]);
			await until(migrated, "the server's migrations after the restore", server.output);
		} finally {
			await restore.end();
		}
	});
});
