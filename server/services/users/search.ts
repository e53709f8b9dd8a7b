import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { UserSort } from "../../../shared/schemas/user-list.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";

/**
 * The admin list's search: a case-insensitive substring of the e-mail or the full name,
 * as a condition on `users`; `%` and `_` are plain characters. Two ways to find the rows:
 *
 * - `index`: the trigram index `users_search` (kept in step with `users` by triggers)
 *   lists the matches at once, however large the table. It folds case as Unicode does,
 *   so `élo` finds `Élodie`. It needs 3 characters (a trigram), and reading its matches
 *   costs per match, so a search matching thousands of users is quicker by:
 * - `scan`: testing every row, through the narrow index of names and e-mails. Case folds
 *   by `fold_case` (JavaScript's toLowerCase, registered on every connection), or by
 *   SQLite's quicker `lower()` for a search in ASCII, which folds ASCII letters alike
 *   (e-mails are stored lower-cased). A page of a broad search then walks the sort order
 *   and stops as soon as it is full.
 */
export type UserSearch = { kind: "index" | "scan"; matches: SQL };

const TRIGRAM = 3;
/** From this many matches, a scan of 100,000 users (about 5 ms) beats reading the index's matches. */
export const BROAD = 5_000;

/** The search for `q`: by the index, unless it is too short for it or matches too many. */
export async function userSearch(db: Db, q: string): Promise<UserSearch> {
	if ([...q].length < TRIGRAM) return scannedSearch(q);
	const [probe] = await db
		.select({ n: sql<number>`count(*)` })
		.from(sql`(SELECT 1 FROM users_search WHERE users_search MATCH ${phrase(q)} LIMIT ${BROAD})`);
	return (probe?.n ?? 0) >= BROAD ? scannedSearch(q) : indexedSearch(q);
}

/** One FTS5 phrase: its trigrams in sequence, i.e. the substring; quotes are doubled inside it. */
const phrase = (q: string) => `"${q.replaceAll('"', '""')}"`;

export function indexedSearch(q: string): UserSearch {
	return {
		kind: "index",
		matches: sql`${users}.rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH ${phrase(q)})`,
	};
}

export function scannedSearch(q: string): UserSearch {
	const folded = q.toLowerCase();
	// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
	const name = /^[\x00-\x7f]*$/.test(folded) ? sql`lower(${users.fullName})` : sql`fold_case(${users.fullName})`;
	return { kind: "scan", matches: sql`(instr(${users.email}, ${folded}) > 0 OR instr(${name}, ${folded}) > 0)` };
}

/**
 * Each order ends on a unique key, so pages never overlap: names sort A-z whatever their
 * case, then by e-mail; creation times tie-break by insertion (rowid), as the list always did.
 */
const orders = {
	created_at: [users.createdAt, sql`${users}.rowid`],
	email: [users.email],
	full_name: [sql`${users.fullName} COLLATE NOCASE`, users.email],
};

export function userOrder(sort: UserSort): SQL[] {
	const descending = sort.startsWith("-");
	const columns = orders[(descending ? sort.slice(1) : sort) as keyof typeof orders];
	return columns.map((column) => (descending ? desc(column) : asc(column)));
}
