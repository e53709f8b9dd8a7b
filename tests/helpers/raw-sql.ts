import type { Db } from "../../server/db/client.ts";
import { databaseKindOf } from "../../server/db/database-kind.ts";
import { postgresConnectionOf } from "../../server/db/postgres.ts";

/**
 * SQL a test reads or writes beside the app, on whichever engine the test app runs
 * (PORTICO_DB): `?` placeholders on both (numbered for PostgreSQL here).
 */
export async function rawAll<Row = Record<string, unknown>>(
	db: Db,
	text: string,
	params: unknown[] = [],
): Promise<Row[]> {
	const postgres = postgresConnectionOf(db);
	if (!postgres) return db.$client.prepare(text).all(...params) as Row[];
	let n = 0;
	const numbered = text.replace(/\?/g, () => `$${++n}`);
	return (await postgres.pool.query(numbered, params)).rows as Row[];
}

export async function rawGet<Row = Record<string, unknown>>(
	db: Db,
	text: string,
	params: unknown[] = [],
): Promise<Row | undefined> {
	return (await rawAll<Row>(db, text, params))[0];
}

/** The app's tables (not the engine's own, not migrations' bookkeeping, not SQLite's search shadow tables). */
export async function tableNames(db: Db): Promise<string[]> {
	const rows =
		databaseKindOf(db) === "postgres"
			? await rawAll<{ name: string }>(
					db,
					"SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
				)
			: await rawAll<{ name: string }>(
					db,
					"SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' AND name NOT LIKE 'users_search%' ORDER BY name",
				);
	return rows.map(({ name }) => name);
}

/** A table's column names. */
export async function columnNames(db: Db, table: string): Promise<string[]> {
	const rows =
		databaseKindOf(db) === "postgres"
			? await rawAll<{ name: string }>(
					db,
					"SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ? ORDER BY ordinal_position",
					[table],
				)
			: await rawAll<{ name: string }>(db, `SELECT name FROM pragma_table_info('${table.replaceAll("'", "''")}')`);
	return rows.map(({ name }) => name);
}

/** A row count, as a number on both engines. */
export async function countOf(db: Db, text: string, params: unknown[] = []): Promise<number> {
	return Number((await rawGet<{ n: number | string }>(db, text, params))?.n ?? 0);
}
