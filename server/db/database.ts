import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import { connectionOf, type Db, migrateDatabase, openDatabase } from "./client.ts";
import { databaseKindOf } from "./database-kind.ts";
import { closePostgres, migratePostgres, openPostgres, type PgDb, pingPostgres } from "./postgres.ts";
import { bindTablesTo } from "./schema.ts";

/**
 * The database whichever engine DATABASE_URL chose: opened, migrated, checked and closed
 * here, so that start-up, the CLI and the health check name no engine.
 */
export type AnyDb = Db | PgDb;

const isPostgres = (db: AnyDb): db is PgDb => databaseKindOf(db) === "postgres";

/** SQLite at DATABASE_PATH, or a PostgreSQL pool when DATABASE_URL is a postgres:// URL. */
export function openConfiguredDatabase(config: Pick<Config, "databasePath" | "postgres">): AnyDb {
	return config.postgres
		? openPostgres(config.postgres.url, config.postgres.poolSize)
		: openDatabase(config.databasePath);
}

/** The committed migrations of the engine, applied once (on PostgreSQL under an advisory lock). */
export async function migrate(db: AnyDb): Promise<void> {
	if (isPostgres(db)) await migratePostgres(db);
	else await migrateDatabase(db);
}

/** A real round trip; throws when the database does not answer. */
export async function ping(db: AnyDb): Promise<void> {
	if (isPostgres(db)) await pingPostgres(db);
	else await db.get(sql`select 1`);
}

/** Closes the SQLite file or the PostgreSQL pool: the last step of a shutdown. */
export async function closeDatabase(db: AnyDb): Promise<void> {
	if (isPostgres(db)) await closePostgres(db);
	else connectionOf(db).client.close();
}

/**
 * The handle the services take. They compile against SQLite's handle and tables
 * (server/db/schema.ts); on PostgreSQL the tables are bound to PostgreSQL's, whose rows
 * are identical (docs/decisions/031), and the handle is PostgreSQL's under SQLite's type:
 * the services use only what both offer (awaited builders, server/db/query.ts).
 */
export function servicesDb(db: AnyDb): Db {
	bindTablesTo(databaseKindOf(db));
	return db as Db;
}
