import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { UserSort } from "../../shared/schemas/users.ts";
import { users } from "../db/schema.ts";

/**
 * The admin list's search: a case-insensitive substring of the e-mail or the full name.
 * From 3 characters on, the trigram index `users_search` (kept in step with `users` by
 * triggers) finds the rows; it folds case as Unicode does, so `élo` finds `Élodie`. A
 * shorter search has no trigram to look up and scans, folding case the same way
 * (`fold_case`, registered on every connection; e-mails are stored lower-cased). `%` and
 * `_` are plain characters in both.
 */
export type UserSearch = {
	/** The rows that match, as a condition that lets the search drive the query (read every match). */
	matches: SQL;
	/**
	 * The same rows as a per-row test, for walking the sort order instead (stop when the
	 * page is full); absent for a short search, whose scan is a per-row test already.
	 */
	perRow?: SQL;
	/** How many users match, read from the index alone: right when no other filter applies. */
	countAlone?: SQL<number>;
};

const TRIGRAM = 3;

export function userSearch(q: string): UserSearch {
	if ([...q].length < TRIGRAM) {
		const folded = q.toLowerCase();
		// E-mails are stored lower-cased already: only names need folding.
		return {
			matches: sql`(instr(${users.email}, ${folded}) > 0 OR instr(fold_case(${users.fullName}), ${folded}) > 0)`,
		};
	}
	// One FTS5 phrase: its trigrams in sequence, i.e. the substring; quotes are doubled inside it.
	const phrase = `"${q.replaceAll('"', '""')}"`;
	return {
		matches: sql`${users}.rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH ${phrase})`,
		perRow: sql`EXISTS (SELECT 1 FROM users_search WHERE users_search.rowid = ${users}.rowid AND users_search MATCH ${phrase})`,
		countAlone: sql<number>`(SELECT count(*) FROM users_search WHERE users_search MATCH ${phrase})`,
	};
}

/**
 * How much dearer one per-row test is than reading one match, measured on 100,000 users
 * (about 180 µs against 0.6 µs): a per-row test runs a whole index lookup.
 */
const PER_ROW_COST = 300;

/**
 * Whether walking the sort order, testing each row, is cheaper than reading every match
 * and sorting them: true for a search that matches much of the table (`example.com`) on an
 * early page, where the walk finds its page at once and reading the matches would take
 * them all.
 */
export function walkIsCheaper(matches: number, rows: number, rowsWanted: number): boolean {
	const rowsPassed = (rowsWanted * rows) / matches;
	return rowsPassed * PER_ROW_COST < matches;
}

/** Names sort A-z whatever their case; rowid breaks ties, so pages never overlap. */
const sortColumns = {
	created_at: users.createdAt,
	email: users.email,
	full_name: sql`${users.fullName} COLLATE NOCASE`,
};

export function userOrder(sort: UserSort): SQL[] {
	const descending = sort.startsWith("-");
	const column = sortColumns[(descending ? sort.slice(1) : sort) as keyof typeof sortColumns];
	const direction = descending ? desc : asc;
	return [direction(column), direction(sql`${users}.rowid`)];
}
