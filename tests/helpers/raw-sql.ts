import type { Db } from "../../server/db/client.ts";
import { postgresConnectionOf } from "../../server/db/postgres.ts";

/** `?` placeholders as PostgreSQL's `$1`, `$2`, ... */
function numbered(text: string): string {
	let n = 0;
	return text.replace(/\?/g, () => `$${++n}`);
}

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
	return (await postgres.pool.query(numbered(text), params)).rows as Row[];
}

/** A statement that returns no rows (a write, DDL): how many rows it changed. */
export async function rawRun(db: Db, text: string, params: unknown[] = []): Promise<number> {
	const postgres = postgresConnectionOf(db);
	if (!postgres) return db.$client.prepare(text).run(...params).changes;
	return (await postgres.pool.query(numbered(text), params)).rowCount ?? 0;
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
	const rows = postgresConnectionOf(db)
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
	const rows = postgresConnectionOf(db)
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

/** A boolean column as read raw: SQLite stores 0 or 1, PostgreSQL a boolean. */
export const flag = (value: unknown): boolean => value === true || value === 1;

/** Many rows into `table` at once (batched multi-row INSERTs, in one transaction on SQLite). */
export async function rawInsertMany(db: Db, table: string, columns: string[], rows: unknown[][]): Promise<void> {
	const batch = Math.max(1, Math.floor(30_000 / columns.length));
	const parts: unknown[][][] = [];
	for (let i = 0; i < rows.length; i += batch) parts.push(rows.slice(i, i + batch));
	const statement = (part: unknown[][]) =>
		`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${part.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ")}`;
	const postgres = postgresConnectionOf(db);
	if (postgres) {
		for (const part of parts) await postgres.pool.query(numbered(statement(part)), part.flat());
		return;
	}
	db.$client.transaction(() => {
		for (const part of parts) db.$client.prepare(statement(part)).run(...part.flat());
	})();
}
