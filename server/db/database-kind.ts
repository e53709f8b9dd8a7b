import { is } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { SQLiteDialect } from "drizzle-orm/sqlite-core";
import { isSqliteHandle } from "./client.ts";
import { postgresConnectionOf } from "./postgres.ts";

export type DatabaseKind = "sqlite" | "postgres";

/**
 * Which engine a handle talks to (an outer handle or a transaction's): the one place code
 * outside server/db/dialect learns it. Each engine's module knows the handles it opened; a
 * Drizzle database opened elsewhere (a tool's, a test's own pool) names its SQL dialect.
 */
export function databaseKindOf(db: object): DatabaseKind {
	if (postgresConnectionOf(db)) return "postgres";
	if (isSqliteHandle(db)) return "sqlite";
	const dialect = (db as { dialect?: unknown }).dialect;
	if (is(dialect, PgDialect)) return "postgres";
	if (is(dialect, SQLiteDialect)) return "sqlite";
	throw new Error("not a database handle: neither engine's");
}
