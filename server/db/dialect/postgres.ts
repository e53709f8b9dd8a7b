import { count, type SQL, sql } from "drizzle-orm";
import type { UserSort } from "../../../shared/schemas/user-list.ts";
import type { Db } from "../client.ts";
import { first } from "../query.ts";
import { users } from "../schema.pg.ts";
import { BROAD, characters, type DialectFragments, TRIGRAM, type UserSearch } from "./fragments.ts";

/**
 * PostgreSQL's fragments, on the indexes of docs/decisions/031 (their expressions exactly,
 * or the planner cannot use them):
 *
 * - `index`: `LIKE '%q%'` over `lower(email)` and `lower(full_name)`, served by the two
 *   pg_trgm GIN indexes; `lower()` folds Unicode as the database's locale does (a UTF-8
 *   locale: `ÉMILE` finds `émile`). `%`, `_` and `\` are escaped, so they are plain.
 * - `scan`: `strpos()` over the same lower-cased texts, for 1-2 characters (no trigram)
 *   and searches matching thousands of users, where reading the index's matches and
 *   rechecking each costs more than testing every row (and `strpos` is cheaper than LIKE).
 *
 * Both paths fold case with the same `lower()`, so they find the same users.
 */
export async function userSearch(db: Db, q: string): Promise<UserSearch> {
	if (characters(q) < TRIGRAM) return scannedSearch(q);
	const probe = await first(
		db
			.select({ n: count() })
			.from(sql`(SELECT 1 FROM ${users} WHERE ${indexedSearch(q).matches} LIMIT ${BROAD}) AS probe`),
	);
	return (probe?.n ?? 0) >= BROAD ? scannedSearch(q) : indexedSearch(q);
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
	return {
		kind: "scan",
		matches: sql`(strpos(lower(${users.email}), ${folded}) > 0 OR strpos(lower(${users.fullName}), ${folded}) > 0)`,
	};
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

export const postgresFragments: DialectFragments = { userSearch, indexedSearch, scannedSearch, userOrder, usersTally };
