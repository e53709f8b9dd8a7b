import {
	type Connection,
	connectionOf,
	type Db,
	TransactionMisuse,
	transactionBodies,
	transactionEnd,
} from "./client.ts";

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
export async function atomically<D extends { db: Db }, T>(deps: D, work: (deps: D) => Promise<T>): Promise<T> {
	const connection = connectionOf(deps.db);
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
