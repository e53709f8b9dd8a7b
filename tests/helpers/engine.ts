import { describe, test } from "vitest";

/** Whether this run's test apps are on PostgreSQL (PORTICO_DB=postgres, helpers/build-test-app.ts). */
export const onPostgres = process.env.PORTICO_DB === "postgres";

/**
 * A describe or test about a SQLite mechanism (pragmas, data_version, temporary triggers,
 * FTS5, the file backup): skipped on PostgreSQL. Each use says why in a comment beside it,
 * and names its PostgreSQL twin where one makes sense.
 */
export const describeOnSqlite = describe.skipIf(onPostgres);
export const testOnSqlite = test.skipIf(onPostgres);

/** A describe or test of PostgreSQL's own mechanism (the twin of a SQLite-only one): skipped on SQLite. */
export const describeOnPostgres = describe.runIf(onPostgres);
export const testOnPostgres = test.runIf(onPostgres);
