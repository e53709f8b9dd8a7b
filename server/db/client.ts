import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { migrationsDir } from "../paths.ts";
import { schema } from "./schema.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * Opens the SQLite file with the pragmas every connection needs: WAL so readers never
 * wait for the writer, FULL sync so an acknowledged write survives `kill -9`, foreign
 * keys for the cascades, and a busy timeout for the CLI writing beside the server.
 */
export function openDatabase(path: string): Db {
	const client = new Database(path);
	if (path !== ":memory:") client.pragma("journal_mode = WAL");
	client.pragma("synchronous = FULL");
	client.pragma("foreign_keys = ON");
	client.pragma("busy_timeout = 5000");
	// The admin search's case folding for searches too short for its trigram index (Unicode, as that index folds).
	client.function("fold_case", { deterministic: true }, (value: unknown) =>
		typeof value === "string" ? value.toLowerCase() : value,
	);
	return drizzle({ client, schema }) as Db;
}

/** Applies the committed drizzle-kit migrations; idempotent. */
export function migrateDatabase(db: Db): void {
	migrate(db, { migrationsFolder: migrationsDir });
}
