import { getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pg from "../../../server/db/schema.pg.ts";
import * as sqlite from "../../../server/db/schema.sqlite.ts";

/**
 * The two schemas of docs/decisions/031 hold the same rows. The types below fail `tsc`
 * (`npm run typecheck`) when a column of either drifts: a name, its type, nullability, or
 * whether an insert may leave it out. The test compares what types cannot see: the SQL
 * names, keys, indexes and foreign keys.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Tables = typeof sqlite.schema;
type PgTables = typeof pg.schema;
type SameRows = {
	[K in keyof Tables | keyof PgTables]: K extends keyof Tables & keyof PgTables
		? [
				Equal<Tables[K]["$inferSelect"], PgTables[K]["$inferSelect"]>,
				Equal<Tables[K]["$inferInsert"], PgTables[K]["$inferInsert"]>,
			]
		: "a table of one schema only";
};
/** Each table's [select, insert] equality; an error here names the table that drifted. */
const rowsMatch: { [K in keyof SameRows]: [true, true] } = {} as SameRows;
void rowsMatch;

const names = (columns: { name: string }[]) => columns.map((column) => column.name).sort();

describe("the PostgreSQL schema matches the SQLite one", () => {
	const tables = Object.keys(sqlite.schema) as (keyof Tables)[];

	it("has the same tables", () => {
		expect(Object.keys(pg.schema).sort()).toEqual([...tables].sort());
	});

	it.each(tables)("%s: same SQL names, nullability, defaults, keys, indexes and foreign keys", (key) => {
		const lite = sqliteTableConfig(sqlite.schema[key]);
		const post = pgTableConfig(pg.schema[key]);
		expect(post.name).toBe(lite.name);
		const column = (c: { name: string; notNull: boolean; hasDefault: boolean; primary: boolean }) => ({
			name: c.name,
			notNull: c.notNull,
			hasDefault: c.hasDefault,
			primary: c.primary,
		});
		expect(post.columns.map(column)).toEqual(lite.columns.map(column));
		expect(post.columns.map((c) => c.default)).toEqual(lite.columns.map((c) => c.default));
		expect(post.primaryKeys.map((k) => names(k.columns))).toEqual(lite.primaryKeys.map((k) => names(k.columns)));
		const sqliteIndexes = lite.indexes.map((i) => ({ name: i.config.name, unique: i.config.unique }));
		// The trigram indexes stand in for SQLite's FTS5 table users_search (migration 0005), which drizzle does not describe.
		const pgIndexes = post.indexes
			.map((i) => ({ name: i.config.name, unique: i.config.unique }))
			.filter((i) => !i.name?.endsWith("_trgm_idx"));
		expect(pgIndexes).toEqual(sqliteIndexes);
		const foreignKey = (fk: {
			reference: () => { columns: { name: string }[]; foreignColumns: { name: string }[] };
			onDelete?: string;
		}) => {
			const ref = fk.reference();
			return { columns: names(ref.columns), to: names(ref.foreignColumns), onDelete: fk.onDelete };
		};
		expect(post.foreignKeys.map(foreignKey)).toEqual(lite.foreignKeys.map(foreignKey));
	});
});
