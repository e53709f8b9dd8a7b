import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isDerivedTable } from "../../../server/db/derived-tables.ts";
import { bindTablesTo } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { countOf, rawAll, rawGet, tableNames } from "../../helpers/raw-sql.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

// The PostgreSQL run's test apps (PORTICO_DB=postgres): one database per vitest worker,
// emptied between tests (helpers/postgres-worker.ts). The tests build on one another, in order.
beforeAll(() => {
	vi.stubEnv("PORTICO_DB", "postgres");
});
afterAll(() => {
	vi.unstubAllEnvs();
	bindTablesTo("sqlite");
});

async function rowCounts(db: Parameters<typeof tableNames>[0]) {
	const counts: Record<string, number> = {};
	for (const table of await tableNames(db)) counts[table] = await countOf(db, `select count(*) as n from "${table}"`);
	return counts;
}

describe.sequential("the worker's PostgreSQL database", () => {
	let firstUrl: string | undefined;

	it("holds the rows a test writes", async () => {
		const { app, db, config } = await buildTestApp();
		firstUrl = config.postgres?.url;
		expect(firstUrl).toMatch(/\/portico_worker_\d+$/);
		const user = await seedUser(app);
		await newSession(app, user);
		const counts = await rowCounts(db);
		expect(counts.users).toBe(1);
		expect(counts.sessions).toBeGreaterThan(0);
	});

	it("is empty for the next test, its identities restarted, on the same database", async () => {
		const { app, db, config } = await buildTestApp();
		expect(config.postgres?.url).toBe(firstUrl);
		// Every table empty but those the triggers keep, which are the empty tables' (decision 036).
		const written = Object.entries(await rowCounts(db)).filter(([table, n]) => n > 0 && !isDerivedTable(table));
		expect(written).toEqual([]);
		expect(await rawGet(db, "SELECT users FROM user_count")).toEqual({ users: 0 });
		const user = await seedUser(app);
		expect(await rawGet(db, "select rowid from users where id = ?", [user.id])).toEqual({ rowid: 1 });
	});

	it("gives a second app in the same test a database of its own", async () => {
		const first = await buildTestApp();
		await seedUser(first.app);
		const second = await buildTestApp();
		expect(second.config.postgres?.url).not.toBe(first.config.postgres?.url);
		expect(await countOf(second.db, "select count(*) as n from users")).toBe(0);
		expect(await countOf(first.db, "select count(*) as n from users")).toBe(1);
	});

	it("(a test changes the schema: a table and a trigger of its own)", async () => {
		const { db } = await buildTestApp();
		await rawAll(db, "create table stray (n integer)");
		await rawAll(
			db,
			"create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$",
		);
		await rawAll(db, "create trigger refuse_users before insert on users for each row execute function refuse()");
	});

	it("is a fresh copy of the migrated template after a test changed its schema", async () => {
		const { app, db } = await buildTestApp();
		expect(await tableNames(db)).not.toContain("stray");
		await seedUser(app);
		expect(await countOf(db, "select count(*) as n from users")).toBe(1);
	});
});
