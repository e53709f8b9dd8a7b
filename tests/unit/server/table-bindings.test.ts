import { is, Table } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterEach, describe, expect, it } from "vitest";
import * as pg from "../../../server/db/schema.pg.ts";
import * as sqlite from "../../../server/db/schema.sqlite.ts";
import * as tables from "../../../server/db/schema.ts";

/** A module's tables by export name (a namespace object reads the live bindings). */
const tablesOf = (module: object) =>
	Object.fromEntries(Object.entries(module).filter(([, value]) => is(value, Table))) as Record<string, Table>;

describe("the tables services import (server/db/schema.ts)", () => {
	afterEach(() => tables.bindTablesTo("sqlite"));

	it("are SQLite's until bound, then PostgreSQL's, every one of them, as importers see them", () => {
		expect(Object.keys(tablesOf(sqlite))).toHaveLength(19);
		expect(tablesOf(tables)).toEqual(tablesOf(sqlite));
		tables.bindTablesTo("postgres");
		expect(tablesOf(tables)).toEqual(tablesOf(pg));
		for (const table of Object.values(tablesOf(tables))) expect(is(table, PgTable)).toBe(true);
		tables.bindTablesTo("sqlite");
		for (const table of Object.values(tablesOf(tables))) expect(is(table, SQLiteTable)).toBe(true);
	});
});
