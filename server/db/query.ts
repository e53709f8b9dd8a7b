/**
 * Dialect-neutral ends of a query, so that no service names a driver's call (better-sqlite3's
 * `.get()`, `.run().changes`; node-postgres' `rowCount`): a statement is awaited, and these
 * read its answer.
 */

/** The first row a query returns, or undefined. A select should say `.limit(1)` when more could match. */
export async function first<Row>(query: PromiseLike<Row[]>): Promise<Row | undefined> {
	const rows = await query;
	return rows[0];
}

/** The row an insert (or an update known to match) returns with `.returning()`. */
export async function returnedRow<Row>(statement: PromiseLike<Row[]>): Promise<Row> {
	const [row] = await statement;
	if (row === undefined) throw new Error("the statement returned no row");
	return row;
}

/** How many rows an update or a delete changed: SQLite answers `changes`, PostgreSQL `rowCount`. */
export async function changedRows(statement: PromiseLike<unknown>): Promise<number> {
	const result = (await statement) as { changes?: number; rowCount?: number | null };
	return result.changes ?? result.rowCount ?? 0;
}
