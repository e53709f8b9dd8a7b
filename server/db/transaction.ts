import {
	type Connection,
	connectionOf,
	type Db,
	TransactionMisuse,
	transactionBodies,
	transactionEnd,
} from "./client.ts";
import { databaseKindOf } from "./database-kind.ts";
import {
	type PgDb,
	type PgTransaction,
	postgresConnectionOf,
	postgresTransactionOf,
	transactionOn,
	WRITER_LOCK,
} from "./postgres.ts";

/**
 * Tests turn the tripwire on (PORTICO_TRANSACTION_GUARD=1): it fails a body that lets the
 * event loop turn while its transaction is open (it awaited a hash, a mail, a timer).
 */
const tripwire = process.env.PORTICO_TRANSACTION_GUARD === "1";
// Taken at load, so that a test's fake timers cannot stop the tripwire's own.
const { setImmediate: nextTurn, clearImmediate: cancelTurn } = globalThis;

/**
 * Runs `work` in one IMMEDIATE transaction: SQLite's write lock is taken first, so what it
 * reads cannot change before what it writes, from this process or another (the CLI). The
 * body gets `deps` whose `db` is the transaction; until COMMIT every other statement on the
 * connection waits (server/db/client.ts), so transactions run one at a time. The body may
 * await the database and nothing else (docs/decisions/030): better-sqlite3 answers at once,
 * so a transaction holds the connection only for the time its statements take.
 * A call with a transaction's deps (from inside a body) becomes a savepoint.
 */
export async function atomically<D extends { db: Db | PgDb }, T>(deps: D, work: (deps: D) => Promise<T>): Promise<T> {
	if (databaseKindOf(deps.db) === "postgres") return atomicallyOnPostgres(deps, work);
	const connection = connectionOf(deps.db as Db);
	const inner = { ...deps, db: connection.transaction };
	if (deps.db === connection.transaction) return savepoint(connection, inner, work);
	while (connection.open) await transactionEnd(connection, "atomically()");
	const { client } = connection;
	client.exec("BEGIN IMMEDIATE");
	let end = () => {};
	const ended = new Promise<void>((resolve) => (end = resolve));
	connection.open = { savepoints: 0, ended, end };
	let loopTurned = false;
	const turn = tripwire ? nextTurn(() => (loopTurned = true)) : undefined;
	try {
		const result = await transactionBodies.run(connection, () => work(inner));
		if (loopTurned)
			throw new TransactionMisuse(
				"the body of atomically() awaited something other than the database (a hash, a mail, a timer): every other request waited meanwhile",
			);
		client.exec("COMMIT");
		return result;
	} catch (error) {
		if (client.inTransaction) client.exec("ROLLBACK");
		throw error;
	} finally {
		connection.open = null;
		end();
		if (turn) cancelTurn(turn);
	}
}

async function savepoint<D, T>(connection: Connection, inner: D, work: (deps: D) => Promise<T>): Promise<T> {
	if (!connection.open) throw new TransactionMisuse("atomically() with a transaction's deps after it ended");
	const name = `nested_${++connection.open.savepoints}`;
	connection.client.exec(`SAVEPOINT ${name}`);
	try {
		const result = await work(inner);
		connection.client.exec(`RELEASE ${name}`);
		return result;
	} catch (error) {
		connection.client.exec(`ROLLBACK TO ${name}`);
		connection.client.exec(`RELEASE ${name}`);
		throw error;
	}
}

/**
 * PostgreSQL: one pooled client, BEGIN, then the writer's advisory lock, so that bodies run
 * one at a time as on SQLite and decision 012's re-checks hold unchanged. Statements
 * through the outer handle do not wait (MVCC: they read what is committed, on another
 * connection). The tripwire is SQLite's only: here every statement lets the event loop turn.
 */
async function atomicallyOnPostgres<D extends { db: Db | PgDb }, T>(
	deps: D,
	work: (deps: D) => Promise<T>,
): Promise<T> {
	const open = postgresTransactionOf(deps.db);
	if (open) return savepointOnPostgres(open, deps, work);
	const connection = postgresConnectionOf(deps.db);
	if (!connection) throw new Error("not a PostgreSQL handle");
	if (transactionBodies.getStore() === connection)
		throw new TransactionMisuse(
			"atomically() through the outer deps inside atomically(): use the deps it hands its body",
		);
	const client = await connection.pool.connect();
	const transaction = transactionOn(connection, client);
	let broken: Error | undefined;
	try {
		// One round trip for both (a simple query may hold several statements; the key is our constant).
		await client.query(`begin; select pg_advisory_xact_lock(${WRITER_LOCK})`);
		const result = await transactionBodies.run(connection, () => work({ ...deps, db: transaction.db }));
		await client.query("commit");
		return result;
	} catch (error) {
		await client.query("rollback").catch((failure: Error) => (broken = failure));
		throw error;
	} finally {
		transaction.open = false;
		// A client that could not roll back is destroyed, not handed to the next request.
		client.release(broken);
	}
}

async function savepointOnPostgres<D, T>(
	transaction: PgTransaction,
	deps: D,
	work: (deps: D) => Promise<T>,
): Promise<T> {
	if (!transaction.open) throw new TransactionMisuse("atomically() with a transaction's deps after it ended");
	const name = `nested_${++transaction.savepoints}`;
	await transaction.client.query(`savepoint ${name}`);
	try {
		const result = await work(deps);
		await transaction.client.query(`release savepoint ${name}`);
		return result;
	} catch (error) {
		await transaction.client.query(`rollback to savepoint ${name}`);
		await transaction.client.query(`release savepoint ${name}`);
		throw error;
	}
}

/**
 * Refuses to go on unless `db` is the handle of an open transaction (the deps `atomically`
 * hands its body): for the functions that must act where a decision is re-checked (decision 012).
 */
export function assertInsideTransaction(db: Db | PgDb, what: string): void {
	const inside = postgresConnectionOf(db)
		? postgresTransactionOf(db)?.open === true
		: db === connectionOf(db as Db).transaction && connectionOf(db as Db).open !== null;
	if (!inside) throw new TransactionMisuse(`${what} outside atomically(): use the deps it hands its body`);
}
