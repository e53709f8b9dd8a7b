import type { Db } from "../client.ts";
import { type DatabaseKind, databaseKindOf } from "../database-kind.ts";
import type { DialectFragments } from "./fragments.ts";
import { postgresFragments } from "./postgres.ts";
import { sqliteFragments } from "./sqlite.ts";

export { type DatabaseKind, databaseKindOf };

/** The SQL fragments of one engine (docs/decisions/031). */
export function dialectFragments(kind: DatabaseKind): DialectFragments {
	return kind === "postgres" ? postgresFragments : sqliteFragments;
}

/** The fragments for the engine behind `db`. */
export const fragmentsOf = (db: Db): DialectFragments => dialectFragments(databaseKindOf(db));
