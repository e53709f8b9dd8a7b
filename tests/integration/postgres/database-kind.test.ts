import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as sqliteProxy } from "drizzle-orm/sqlite-proxy";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/client.ts";
import { openDatabase } from "../../../server/db/client.ts";
import { type AnyDb, closeDatabase } from "../../../server/db/database.ts";
import { databaseKindOf } from "../../../server/db/database-kind.ts";
import { openPostgres } from "../../../server/db/postgres.ts";
import { atomically } from "../../../server/db/transaction.ts";
import { freshDatabase } from "../../helpers/postgres.ts";

const opened: AnyDb[] = [];
afterEach(async () => {
	for (const db of opened.splice(0)) await closeDatabase(db);
});

describe("databaseKindOf", () => {
	it("names the engine of an outer handle and of a transaction's, on either engine", async () => {
		const sqlite = openDatabase(":memory:");
		const postgres = openPostgres(await freshDatabase(), 2);
		opened.push(sqlite, postgres);
		expect([databaseKindOf(sqlite), databaseKindOf(postgres)]).toEqual(["sqlite", "postgres"]);
		const inside = async (db: Db) => atomically({ db }, async ({ db: transaction }) => databaseKindOf(transaction));
		expect([await inside(sqlite), await inside(postgres as unknown as Db)]).toEqual(["sqlite", "postgres"]);
	});

	it("reads the dialect of a Drizzle database opened elsewhere, and refuses anything else rather than guess", () => {
		expect([databaseKindOf(drizzle.mock()), databaseKindOf(sqliteProxy(async () => ({ rows: [] })))]).toEqual([
			"postgres",
			"sqlite",
		]);
		expect(() => databaseKindOf({})).toThrow("not a database handle: neither engine's");
	});
});
