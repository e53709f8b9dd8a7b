import { count, eq, type SQL, sql } from "drizzle-orm";
import pg from "pg";
import type { UserSort } from "../../../shared/schemas/user-list.ts";
import type { Db } from "../client.ts";
import { type PgDb, postgresConnectionOf } from "../postgres.ts";
import { first } from "../query.ts";
import { users } from "../schema.pg.ts";
import { type Alone, characters, type DialectFragments, isAscii, TRIGRAM, type UserSearch } from "./fragments.ts";

/**
 * PostgreSQL's fragments, on the indexes of docs/decisions/031 (their expressions exactly,
 * or the planner cannot use them):
 *
 * - `index`: `LIKE '%q%'` over `lower(email)` and `lower(full_name)`, served by the two
 *   pg_trgm GIN indexes; `lower()` folds Unicode as the database's collation does (`ÉMILE`
 *   finds `émile`). `%`, `_` and `\` are escaped, so they are plain characters.
 * - `scan`: `strpos()` over the e-mail (stored lower-cased, as SQLite's scan reads it) and
 *   the lower-cased name, for 1-2 characters, which have no trigram (the index would be
 *   read whole); an ASCII search folds names by ASCII letters only, as SQLite's scan does.
 *
 * Unlike SQLite, no probe sends broad searches to the scan: over 100,000 users the index
 * answered a page and its count in 9 ms for 10,008 matches (the scan 54 ms) and in 35 ms
 * for all 100,000 (the scan 41 ms), since every row of the scan pays `lower()`.
 */
export async function userSearch(_db: Db, q: string): Promise<UserSearch> {
	return characters(q) < TRIGRAM ? scannedSearch(q) : indexedSearch(q);
}

/** `q` as a LIKE pattern of a substring, its own `%`, `_` and `\` taken literally (`\` is LIKE's escape). */
const substring = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

export function indexedSearch(q: string): UserSearch {
	const pattern = sql`lower(${substring(q)})`;
	return {
		kind: "index",
		matches: sql`(lower(${users.email}) LIKE ${pattern} OR lower(${users.fullName}) LIKE ${pattern})`,
	};
}

export function scannedSearch(q: string): UserSearch {
	const folded = sql`lower(${q})`;
	// An ASCII search finds what ASCII letters folded alike find, as SQLite's scan does; under
	// the "C" collation lower() folds only those, at half the cost of the database's collation.
	const name = isAscii(q.toLowerCase()) ? sql`lower(${users.fullName} COLLATE "C")` : sql`lower(${users.fullName})`;
	return { kind: "scan", matches: sql`(strpos(${users.email}, ${folded}) > 0 OR strpos(${name}, ${folded}) > 0)` };
}

/**
 * SQLite's order, spelled for PostgreSQL: names by `lower()` under the "C" collation (ASCII
 * letters folded, then bytes: SQLite's NOCASE), nameless users first ascending and last
 * descending, then the e-mail by byte (`COLLATE "C"`, SQLite's binary); creation times
 * tie-break by the hidden insertion-order `rowid`. The sort by name is
 * `users_name_email_idx` walked either way, the default sort `users_created_at_rowid_idx`.
 */
const name = sql`lower(${users.fullName} COLLATE "C")`;
const email = sql`${users.email} COLLATE "C"`;
const rowid = sql`${users}.rowid`;

export function userOrder(sort: UserSort): SQL[] {
	switch (sort) {
		case "created_at":
			return [sql`${users.createdAt} asc`, sql`${rowid} asc`];
		case "-created_at":
			return [sql`${users.createdAt} desc`, sql`${rowid} desc`];
		case "email":
			return [sql`${email} asc`];
		case "-email":
			return [sql`${email} desc`];
		case "full_name":
			return [sql`${name} asc nulls first`, sql`${email} asc`];
		case "-full_name":
			return [sql`${name} desc nulls last`, sql`${email} desc`];
	}
}

/** The dashboard's counts in one pass over the table: each count is a scan on PostgreSQL (MVCC). */
export async function usersTally(db: Db, signedUpSince: number) {
	const row = await first(
		db
			.select({
				users: count(),
				inactive: sql<number>`count(*) FILTER (WHERE NOT ${users.isActive})`.mapWith(Number),
				recent: sql<number>`count(*) FILTER (WHERE ${users.createdAt} >= ${signedUpSince})`.mapWith(Number),
			})
			.from(sql`${users}`),
	);
	return row ?? { users: 0, inactive: 0, recent: 0 };
}

/**
 * A session advisory try-lock on a client of its own (not one of the pool's, which `work`
 * needs: a pool of one would wait for ever). Ending that session releases the lock, also
 * when the process dies mid-work.
 */
export async function unlessRunningElsewhere<T>(db: Db, key: string, work: () => Promise<T>): Promise<Alone<T>> {
	const connection = postgresConnectionOf(db);
	if (!connection) throw new Error("not a PostgreSQL handle");
	const client = new pg.Client({ connectionString: connection.pool.options.connectionString });
	client.on("error", () => {});
	await client.connect();
	try {
		const { rows } = await client.query<{ taken: boolean }>("select pg_try_advisory_lock($1) as taken", [key]);
		if (!rows[0]?.taken) return { ran: false };
		return { ran: true, value: await work() };
	} finally {
		await client.end().catch(() => undefined);
	}
}

/** The user's row locked until the transaction ends (a writer that skipped the advisory lock still waits here). */
export async function lockUserRow(db: Db, userId: string): Promise<void> {
	await (db as unknown as PgDb).select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

export const postgresFragments: DialectFragments = {
	userSearch,
	indexedSearch,
	scannedSearch,
	userOrder,
	usersTally,
	unlessRunningElsewhere,
	lockUserRow,
};
