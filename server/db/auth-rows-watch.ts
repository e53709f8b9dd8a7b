import type { Db } from "./client.ts";

/** A row of `sessions`, `api_tokens` or `users` that this connection inserted, changed or deleted. */
export type AuthRowChange =
	| { table: "sessions"; sessionId: string; userId: string }
	| { table: "api_tokens"; tokenId: string; userId: string }
	| { table: "users"; userId: string };

export type AuthRowsWatch = {
	/**
	 * Whether another connection (the CLI, another server process, a test's second
	 * connection) committed anything to the database since the last call: SQLite's
	 * `PRAGMA data_version`, which this connection's own writes never move. Read at most
	 * once per event-loop turn (see `SAME_TURN_MS`).
	 */
	otherConnectionWrote(): boolean;
};

/**
 * Reading `data_version` opens a read transaction (two file-lock system calls in WAL mode):
 * about 8 us of the 48 us of server CPU of an authenticated GET /users/me under load here,
 * every request. The requests handled in one event-loop turn were read off their sockets
 * together, concurrently with anything another process commits meanwhile, so the first
 * reading of a turn serves the others of that turn, for at most this long. A request of a
 * later turn always reads it again.
 */
export const SAME_TURN_MS = 1;

const CALLBACK = "portico_auth_row_changed";

/** The tables whose rows decide what a token is worth, and the column naming each row's user. */
export const WATCHED_TABLES = { sessions: "user_id", api_tokens: "user_id", users: "id" } as const;

/**
 * Temporary triggers (this connection only, nothing stored in the file) call back into
 * JavaScript for every row of `sessions`, `api_tokens` and `users` that this connection inserts,
 * updates or deletes, whatever statement does it, foreign-key cascades included:
 * whoever writes, now or in code added later, cannot forget to tell. The callback runs
 * synchronously inside the writing statement, before the next request can run. Writes by
 * other connections are not seen by these triggers; `otherConnectionWrote` reports them.
 */
export function watchAuthRows(
	db: Db,
	onChange: (change: AuthRowChange) => void,
	{ sameTurnMs = SAME_TURN_MS }: { sameTurnMs?: number } = {},
): AuthRowsWatch {
	const client = db.$client;
	client.function(
		CALLBACK,
		{ deterministic: false, varargs: false },
		(table: unknown, id: unknown, userId: unknown) => {
			if (table === "sessions") onChange({ table, sessionId: String(id), userId: String(userId) });
			else if (table === "api_tokens") onChange({ table, tokenId: String(id), userId: String(userId) });
			else onChange({ table: "users", userId: String(id) });
			return null;
		},
	);
	const rowTriggers = (table: keyof typeof WATCHED_TABLES, userIdColumn: string) =>
		(["INSERT", "UPDATE", "DELETE"] as const).map((event) => {
			// An update may change the key itself: both the row before and after are told.
			const rows = event === "INSERT" ? ["new"] : event === "DELETE" ? ["old"] : ["old", "new"];
			const calls = rows.map((row) => `SELECT ${CALLBACK}('${table}', ${row}.id, ${row}.${userIdColumn});`).join(" ");
			return `CREATE TEMP TRIGGER IF NOT EXISTS portico_watch_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} BEGIN ${calls} END;`;
		});
	client.exec(
		Object.entries(WATCHED_TABLES)
			.flatMap(([table, userIdColumn]) => rowTriggers(table as keyof typeof WATCHED_TABLES, userIdColumn))
			.join("\n"),
	);

	const dataVersion = client.prepare("PRAGMA data_version").pluck();
	let seen = dataVersion.get();
	/** When data_version was read in this event-loop turn; undefined once the turn is over. */
	let readThisTurnAt: number | undefined;
	const turnOver = () => {
		readThisTurnAt = undefined;
	};
	return {
		otherConnectionWrote() {
			const at = performance.now();
			if (readThisTurnAt !== undefined && at - readThisTurnAt < sameTurnMs) return false;
			if (readThisTurnAt === undefined) setImmediate(turnOver);
			readThisTurnAt = at;
			const version = dataVersion.get();
			if (version === seen) return false;
			seen = version;
			return true;
		},
	};
}
