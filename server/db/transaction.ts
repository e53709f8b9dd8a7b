import { AsyncLocalStorage } from "node:async_hooks";
import { type Connection, connectionOf, type Db, TransactionMisuse } from "./client.ts";

/**
 * Tests turn the guard on (PORTICO_TRANSACTION_GUARD=1): it fails a body that lets the event
 * loop turn while its transaction is open, and names a statement that came from outside it.
 * Production does without (AsyncLocalStorage costs every await of the process a little).
 */
const bodies = process.env.PORTICO_TRANSACTION_GUARD === "1" ? new AsyncLocalStorage<Connection>() : null;
// Taken at load, so that a test's fake timers cannot stop the guard's own.
const { setImmediate: nextTurn, clearImmediate: cancelTurn } = globalThis;

/**
 * Runs `work` in one IMMEDIATE transaction: SQLite's write lock is taken first, so what it
 * reads cannot change before what it writes, from this process or another (the CLI). The
 * body gets `deps` whose `db` is the transaction; the outer handle refuses statements until
 * COMMIT (server/db/client.ts). The body may await the database and nothing else: better-
 * sqlite3 answers at once, so the body runs to its end before any other request does, which
 * is what keeps each transaction alone on the one connection (docs/decisions/030).
 * A call with a transaction's deps (from inside a body) becomes a savepoint.
 */
export async function atomically<D extends { db: Db }, T>(deps: D, work: (deps: D) => Promise<T>): Promise<T> {
	const connection = connectionOf(deps.db);
	const inner = { ...deps, db: connection.transaction };
	if (connection.open) {
		if (deps.db !== connection.transaction)
			throw new TransactionMisuse(
				connection.open.inBody()
					? "atomically() with the outer deps inside a transaction's body: pass the deps the body was given"
					: "atomically() while another request's transaction was open: a body awaited something other than the database",
			);
		return savepoint(connection, inner, work);
	}
	const { client } = connection;
	client.exec("BEGIN IMMEDIATE");
	let loopTurned = false;
	const turn = bodies ? nextTurn(() => (loopTurned = true)) : undefined;
	connection.open = { savepoints: 0, inBody: () => bodies?.getStore() === connection };
	try {
		const result = await (bodies ? bodies.run(connection, () => work(inner)) : work(inner));
		if (loopTurned)
			throw new TransactionMisuse(
				"the body of atomically() awaited something other than the database (a hash, a mail, a timer): other requests would have run inside its transaction",
			);
		client.exec("COMMIT");
		return result;
	} catch (error) {
		if (client.inTransaction) client.exec("ROLLBACK");
		throw error;
	} finally {
		connection.open = null;
		if (turn) cancelTurn(turn);
	}
}

async function savepoint<D, T>(connection: Connection, inner: D, work: (deps: D) => Promise<T>): Promise<T> {
	const open = connection.open as NonNullable<Connection["open"]>;
	const name = `nested_${++open.savepoints}`;
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
