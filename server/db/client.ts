import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { migrationsDir } from "../paths.ts";
import { schema } from "./schema.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * One SQLite connection and its two Drizzle handles: `outer`, what services get outside a
 * transaction, and `transaction`, what `atomically` hands its body (server/db/transaction.ts).
 * Both run on the same connection; each refuses a statement when it is the wrong one: the
 * outer handle while a transaction is open (a write through it would join, or be rolled back
 * with, a transaction it is not part of), the transaction's handle when none is.
 */
export type Connection = {
	client: Database.Database;
	outer: Db;
	transaction: Db;
	/** Set while a transaction is open; `inBody` tells (in tests) whether the caller is its body. */
	open: { savepoints: number; inBody: () => boolean } | null;
};

const connections = new WeakMap<Db, Connection>();

/** The connection behind a handle, outer or transaction. */
export function connectionOf(db: Db): Connection {
	const connection = connections.get(db);
	if (!connection) throw new Error("not a handle from openDatabase()");
	return connection;
}

export class TransactionMisuse extends Error {
	override name = "TransactionMisuse";
}

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
	const connection = { client, open: null } as Connection;
	connection.outer = handle(connection, () => {
		if (!connection.open) return;
		throw new TransactionMisuse(
			connection.open.inBody()
				? "a statement through the outer database handle inside atomically(): use the deps it hands its body"
				: "a statement ran while another request's transaction was open: a body of atomically() awaited something other than the database",
		);
	});
	connection.transaction = handle(connection, () => {
		if (!connection.open) throw new TransactionMisuse("a statement through a transaction's handle after it ended");
	});
	return connection.outer;
}

/** A Drizzle handle whose every statement is first checked by `check` (Drizzle prepares each statement it runs). */
function handle(connection: Connection, check: () => void): Db {
	const { client } = connection;
	const prepare = (source: string) => {
		check();
		return client.prepare(source);
	};
	const guarded = new Proxy(client, {
		get(target, key) {
			if (key === "prepare") return prepare;
			const value = Reflect.get(target, key, target);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
	const db = drizzle({ client: guarded, schema }) as Db;
	db.$client = client;
	connections.set(db, connection);
	return db;
}

/** Applies the committed drizzle-kit migrations; idempotent. */
export async function migrateDatabase(db: Db): Promise<void> {
	migrate(db, { migrationsFolder: migrationsDir });
}
