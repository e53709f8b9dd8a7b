import { AsyncLocalStorage } from "node:async_hooks";
import Database from "better-sqlite3";
import { drizzle as drizzleSync } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle, type SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import { migrationsDir } from "../paths.ts";
import { schema } from "./schema.sqlite.ts";

/** What services query through: every statement is awaited (docs/decisions/030). */
export type Db = SqliteRemoteDatabase<typeof schema> & { $client: Database.Database };

/**
 * One SQLite connection and its two handles: `outer`, what services get outside a
 * transaction, and `transaction`, what `atomically` hands its body (server/db/transaction.ts).
 * While a transaction is open, a statement through the outer handle waits for its end, as
 * another `atomically` does: other requests never read what it has not committed, and
 * never write into a transaction that may roll back.
 */
export type Connection = {
	client: Database.Database;
	outer: Db;
	transaction: Db;
	open: OpenTransaction | null;
};

type OpenTransaction = { savepoints: number; ended: Promise<void>; end: () => void };

/** The connection (SQLite's or PostgreSQL's) whose transaction body is running, as `atomically` marks it: to tell its statements from other requests'. */
export const transactionBodies = new AsyncLocalStorage<object>();

const connections = new WeakMap<Db, Connection>();

/** The connection behind a handle, outer or transaction. */
export function connectionOf(db: Db): Connection {
	const connection = connections.get(db);
	if (!connection) throw new Error("not a handle from openDatabase()");
	return connection;
}

/** Whether the handle is one of a SQLite connection's (openDatabase); code asks `databaseKindOf` (server/db/database-kind.ts). */
export const isSqliteHandle = (db: object): boolean => connections.has(db as Db);

export class TransactionMisuse extends Error {
	override name = "TransactionMisuse";
}

/**
 * The end of the transaction open on the connection, to wait for. A body that waited for
 * its own transaction would wait for ever: that is refused instead. Callers check
 * `connection.open` again after the wait, and act on a free connection with no await in
 * between: `while (connection.open) await transactionEnd(connection, ...)`.
 */
export function transactionEnd(connection: Connection, what: string): Promise<void> {
	const open = connection.open;
	if (!open) return Promise.resolve();
	if (transactionBodies.getStore() === connection)
		throw new TransactionMisuse(`${what} through the outer deps inside atomically(): use the deps it hands its body`);
	return open.ended;
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
	const execute = statementRunner(client);
	connection.outer = handle(connection, async (source, params, method) => {
		while (connection.open) await transactionEnd(connection, "a statement");
		return execute(source, params, method);
	});
	connection.transaction = handle(connection, async (source, params, method) => {
		if (!connection.open) throw new TransactionMisuse("a statement through a transaction's deps after it ended");
		return execute(source, params, method);
	});
	return connection.outer;
}

type Method = "run" | "all" | "values" | "get";
type Runner = (source: string, params: unknown[], method: Method) => Promise<unknown>;

function handle(connection: Connection, run: Runner): Db {
	const db = drizzle(run as Parameters<typeof drizzle>[0], { schema }) as Db;
	db.$client = connection.client;
	connections.set(db, connection);
	return db;
}

/** At most this many prepared statements are kept; queries are built from a bounded set of shapes. */
const MAX_STATEMENTS = 1_000;

/**
 * Runs one statement as Drizzle's proxy driver expects it: rows as arrays (Drizzle maps
 * them to its fields), `run` answering better-sqlite3's `{ changes, lastInsertRowid }`.
 * better-sqlite3 answers at once; statements are prepared once per text.
 */
function statementRunner(client: Database.Database) {
	const statements = new Map<string, Database.Statement>();
	const prepared = (source: string) => {
		let statement = statements.get(source);
		if (!statement) {
			if (statements.size >= MAX_STATEMENTS) statements.clear();
			statement = client.prepare(source);
			statements.set(source, statement);
		}
		return statement;
	};
	return async (source: string, params: unknown[], method: Method) => {
		const statement = prepared(source);
		if (!statement.reader) return statement.run(...params);
		statement.raw(true);
		if (method === "get") return { rows: statement.get(...params) };
		return { rows: statement.all(...params) };
	};
}

/** Applies the committed drizzle-kit migrations; idempotent. */
export async function migrateDatabase(db: Db): Promise<void> {
	migrate(drizzleSync({ client: connectionOf(db).client }), { migrationsFolder: migrationsDir });
}
