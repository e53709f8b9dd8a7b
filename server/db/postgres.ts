import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsPgDir } from "../paths.ts";
import { TransactionMisuse, transactionBodies } from "./client.ts";

/**
 * PostgreSQL int8 (bigint, count(*)) arrives as text: Portico's integers (ids, epoch
 * milliseconds, counters) are JS numbers, as SQLite gives them. One past 2^53 would be
 * silently rounded: refused instead. Drizzle's node-postgres driver reads this global table.
 */
const INT8 = 20;
pg.types.setTypeParser(INT8, (text: string) => {
	const value = Number(text);
	if (!Number.isSafeInteger(value)) throw new RangeError(`an int8 value out of JavaScript's safe range: ${text}`);
	return value;
});

/** The one advisory lock every transaction takes first: one writer at a time, as SQLite's IMMEDIATE. */
export const WRITER_LOCK = "31647734761612143"; // "portico" as a big-endian integer, past 2^53: a string
/** Held (session level) while migrations run, so that instances starting together apply them once. */
export const MIGRATIONS_LOCK = "31647734761612144";
/** Held (session level, tried, never waited for) while one instance runs the housekeeping. */
export const HOUSEKEEPING_LOCK = "31647734761612146";

type Queryable = Pick<pg.PoolClient, "query">;
export type PgDb = NodePgDatabase<Record<string, never>> & { $client: Queryable };

/**
 * A pool and its outer handle, what services get outside a transaction. Unlike SQLite,
 * the outer handle does not wait for open transactions: each statement runs on a pooled
 * connection of its own and reads only what is committed (MVCC). From inside a body it is
 * refused (TransactionMisuse): that statement would not see the body's writes, and one
 * that waited on the body's lock would wait for ever.
 */
export type PgConnection = { kind: "postgres"; pool: pg.Pool; outer: PgDb };

/** One transaction's client and handle; the handle refuses statements once `open` is false. */
export type PgTransaction = {
	connection: PgConnection;
	client: pg.PoolClient;
	db: PgDb;
	open: boolean;
	savepoints: number;
};

const connections = new WeakMap<object, PgConnection>();
const transactions = new WeakMap<object, PgTransaction>();

/** The connection behind a PostgreSQL handle (outer or a transaction's), or undefined for SQLite's. */
export function postgresConnectionOf(db: object): PgConnection | undefined {
	return connections.get(db) ?? transactions.get(db)?.connection;
}

/** The transaction a handle belongs to, or undefined for an outer handle. */
export function postgresTransactionOf(db: object): PgTransaction | undefined {
	return transactions.get(db);
}

export function openPostgres(url: string, poolSize = 10): PgDb {
	const pool = new pg.Pool({ connectionString: url, max: poolSize });
	// An idle client whose server went away: the pool drops it; the next statement reports the outage.
	pool.on("error", () => {});
	const connection = { kind: "postgres", pool } as PgConnection;
	connection.outer = drizzle({
		client: guarded(pool, () => {
			if (transactionBodies.getStore() === connection)
				throw new TransactionMisuse(
					"a statement through the outer deps inside atomically(): use the deps it hands its body",
				);
		}),
	}) as PgDb;
	connections.set(connection.outer, connection);
	return connection.outer;
}

/** A transaction's handle over one checked-out client: `atomically` (server/db/transaction.ts) opens and ends it. */
export function transactionOn(connection: PgConnection, client: pg.PoolClient): PgTransaction {
	const transaction = { connection, client, open: true, savepoints: 0 } as PgTransaction;
	transaction.db = drizzle({
		client: guarded(client, () => {
			if (!transaction.open) throw new TransactionMisuse("a statement through a transaction's deps after it ended");
		}),
	}) as PgDb;
	transactions.set(transaction.db, transaction);
	return transaction;
}

/** What Drizzle queries through: `target`, each statement after `check` (which throws to refuse it). */
function guarded(target: Queryable, check: () => void): pg.PoolClient {
	const query = (...args: unknown[]) => {
		check();
		return (target.query as (...args: unknown[]) => unknown).apply(target, args);
	};
	return { query } as unknown as pg.PoolClient;
}

function connectionOf(db: PgDb): PgConnection {
	const connection = connections.get(db);
	if (!connection) throw new Error("not an outer handle from openPostgres()");
	return connection;
}

/**
 * Applies the committed migrations once, however many instances start together: each
 * holds a session advisory lock meanwhile, and the ones that waited find them applied.
 */
export async function migratePostgres(db: PgDb, migrationsFolder = migrationsPgDir): Promise<void> {
	const client = await connectionOf(db).pool.connect();
	let broken: Error | undefined;
	try {
		await client.query("select pg_advisory_lock($1)", [MIGRATIONS_LOCK]);
		try {
			await migrate(drizzle({ client }), { migrationsFolder });
		} finally {
			await client.query("select pg_advisory_unlock($1)", [MIGRATIONS_LOCK]);
		}
	} catch (error) {
		broken = error as Error;
		throw error;
	} finally {
		// A client whose session may still hold the lock is destroyed, not returned to the pool.
		client.release(broken);
	}
}

/** A real round trip. */
export async function pingPostgres(db: PgDb): Promise<void> {
	await connectionOf(db).pool.query("select 1");
}

/** Closes the pool's connections; statements still queued fail. */
export async function closePostgres(db: PgDb): Promise<void> {
	await connectionOf(db).pool.end();
}
