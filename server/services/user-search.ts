import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { UserSort } from "../../shared/schemas/user-list.ts";
import { users } from "../db/schema.ts";

/**
 * The admin list's search: a case-insensitive substring of the e-mail or the full name.
 * From 3 characters on, the trigram index `users_search` (kept in step with `users` by
 * triggers) finds the rows; it folds case as Unicode does, so `élo` finds `Élodie`. A
 * shorter search has no trigram to look up and scans the index of names and e-mails
 * instead (narrower than the table), folding case the same way: `fold_case`, registered
 * on every connection, or SQLite's quicker `lower()` for a search in ASCII, which folds
 * ASCII letters alike (e-mails are stored lower-cased). `%` and `_` are plain
 * characters in both.
 */
export type UserSearch = {
	/** The matching rows as a set: what a count reads, and what drives a page with few matches. */
	matches: SQL;
	/** The same rows as a test of one row, for walking the sort order until the page is full. */
	perRow: SQL;
	/** How much dearer testing one row is than reading one match from the set. */
	perRowCost: number;
	/** How many users match, read from the index alone: right when no other filter applies. */
	countAlone?: SQL<number>;
};

const TRIGRAM = 3;

export function userSearch(q: string): UserSearch {
	if ([...q].length < TRIGRAM) {
		const folded = q.toLowerCase();
		// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
		const name = /^[\x00-\x7f]*$/.test(folded) ? sql`lower(${users.fullName})` : sql`fold_case(${users.fullName})`;
		// One test for the count and the page alike: the count scans the narrow name-and-e-mail index.
		const test = sql`(instr(${users.email}, ${folded}) > 0 OR instr(${name}, ${folded}) > 0)`;
		return { matches: test, perRow: test, perRowCost: 1 };
	}
	// One FTS5 phrase: its trigrams in sequence, i.e. the substring; quotes are doubled inside it.
	const phrase = `"${q.replaceAll('"', '""')}"`;
	return {
		matches: sql`${users}.rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH ${phrase})`,
		perRow: sql`EXISTS (SELECT 1 FROM users_search WHERE users_search.rowid = ${users}.rowid AND users_search MATCH ${phrase})`,
		// Measured on 100,000 users: about 180 µs against 0.6 µs; each test is a whole index lookup.
		perRowCost: 300,
		countAlone: sql<number>`(SELECT count(*) FROM users_search WHERE users_search MATCH ${phrase})`,
	};
}

/**
 * Whether walking the sort order, testing each row, is cheaper than reading every match
 * and sorting them: true for a search matching much of the table (`example.com`) on an
 * early page, where the walk finds its page at once and reading the matches takes them all.
 */
export function walkIsCheaper(search: UserSearch, matches: number, rows: number, rowsWanted: number): boolean {
	const rowsPassed = (rowsWanted * rows) / matches;
	return rowsPassed * search.perRowCost < matches;
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
