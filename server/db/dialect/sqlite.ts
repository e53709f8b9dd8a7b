import { asc, count, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { UserSort } from "../../../shared/schemas/user-list.ts";
import type { Db } from "../client.ts";
import { first } from "../query.ts";
import { users } from "../schema.sqlite.ts";
import {
	type Alone,
	BROAD,
	characters,
	type DialectFragments,
	isAscii,
	TRIGRAM,
	type UserSearch,
} from "./fragments.ts";

/**
 * SQLite's fragments (docs/decisions/020):
 *
 * - `index`: the FTS5 trigram table `users_search` (kept in step with `users` by triggers)
 *   lists the matches at once, however large the table. It folds case as Unicode does,
 *   so `élo` finds `Élodie`. It needs 3 characters, and reading its matches costs per
 *   match, so a search matching thousands of users is quicker by:
 * - `scan`: testing every row, through the narrow index of names and e-mails. Case folds
 *   by `fold_case` (JavaScript's toLowerCase, registered on every connection), or by
 *   SQLite's quicker `lower()` for a search in ASCII, which folds ASCII letters alike
 *   (e-mails are stored lower-cased). A page of a broad search then walks the sort order
 *   and stops as soon as it is full.
 */
export async function userSearch(db: Db, q: string): Promise<UserSearch> {
	if (characters(q) < TRIGRAM) return scannedSearch(q);
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
	const name = isAscii(folded) ? sql`lower(${users.fullName})` : sql`fold_case(${users.fullName})`;
	return { kind: "scan", matches: sql`(instr(${users.email}, ${folded}) > 0 OR instr(${name}, ${folded}) > 0)` };
}

/**
 * Names sort A-z whatever their ASCII case (NOCASE), other letters by code point, nameless
 * users first ascending and last descending (SQLite's default, said explicitly), then by
 * e-mail (binary); creation times tie-break by insertion (rowid). The sort by name is the
 * narrow index `users_name_email_idx` walked either way.
 */
export function userOrder(sort: UserSort): SQL[] {
	switch (sort) {
		case "created_at":
			return [asc(users.createdAt), sql`${users}.rowid asc`];
		case "-created_at":
			return [desc(users.createdAt), sql`${users}.rowid desc`];
		case "email":
			return [asc(users.email)];
		case "-email":
			return [desc(users.email)];
		case "full_name":
			return [sql`${users.fullName} COLLATE NOCASE asc nulls first`, asc(users.email)];
		case "-full_name":
			return [sql`${users.fullName} COLLATE NOCASE desc nulls last`, desc(users.email)];
	}
}

/** Three counts, each answered by an index or a quick scan of SQLite's file (no MVCC to check). */
export async function usersTally(db: Db, signedUpSince: number) {
	const tally = async (where?: SQL) =>
		(await first(db.select({ value: count() }).from(users).where(where)))?.value ?? 0;
	return {
		users: await tally(),
		inactive: await tally(eq(users.isActive, false)),
		recent: await tally(gte(users.createdAt, signedUpSince)),
	};
}

/** One server per SQLite file: nobody else to wait for. */
export async function unlessRunningElsewhere<T>(_db: Db, _key: string, work: () => Promise<T>): Promise<Alone<T>> {
	return { ran: true, value: await work() };
}

/** SQLite's IMMEDIATE transaction holds the one write lock already: nothing to add. */
export async function lockUserRow(_db: Db, _userId: string): Promise<void> {}

export const sqliteFragments: DialectFragments = {
	userSearch,
	indexedSearch,
	scannedSearch,
	userOrder,
	usersTally,
	unlessRunningElsewhere,
	lockUserRow,
};
