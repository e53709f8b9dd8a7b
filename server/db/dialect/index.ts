import { is } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import type { DialectFragments } from "./fragments.ts";
import { postgresFragments } from "./postgres.ts";
import { sqliteFragments } from "./sqlite.ts";

export type DatabaseKind = "sqlite" | "postgres";

/** The SQL fragments of one engine (docs/decisions/031). */
export function dialectFragments(kind: DatabaseKind): DialectFragments {
	return kind === "postgres" ? postgresFragments : sqliteFragments;
}

/**
 * Which engine a handle talks to: the one place services learn it, until the PostgreSQL
 * connection provides its own `dialectOf(db)`. A Drizzle database exposes its SQL dialect.
 */
export function databaseKindOf(db: Db): DatabaseKind {
	return is((db as unknown as { dialect: unknown }).dialect, PgDialect) ? "postgres" : "sqlite";
}

/** The fragments for the engine behind `db`. */
export const fragmentsOf = (db: Db): DialectFragments => dialectFragments(databaseKindOf(db));
