import type { SQL } from "drizzle-orm";
import type { UserSort } from "../../../shared/schemas/user-list.ts";
import type { Db } from "../client.ts";

/**
 * The SQL that differs between SQLite and PostgreSQL (docs/decisions/031), one module per
 * dialect (`sqlite.ts`, `postgres.ts`), each exporting this shape; services never write it.
 */
export type DialectFragments = {
	/**
	 * The admin search for `q`, a case-insensitive substring of the e-mail or the full name
	 * (`%`, `_` and `\` are plain characters): by the trigram index, unless `q` is too short
	 * for it or (on SQLite) matches so many users that testing every row is quicker (decision 020).
	 */
	userSearch(db: Db, q: string): Promise<UserSearch>;
	/** The search through the trigram index (3 characters and more). */
	indexedSearch(q: string): UserSearch;
	/** The search testing every row (any length). */
	scannedSearch(q: string): UserSearch;
	/** The admin list's order, ending on a unique key, read alike on both engines. */
	userOrder(sort: UserSort): SQL[];
	/** The dashboard's counts of users. */
	usersTally(db: Db, signedUpSince: number): Promise<UsersTally>;
	/**
	 * Runs `work` unless another instance holds the lock `key` (then skipped at once, not
	 * waited for): PostgreSQL's `pg_try_advisory_lock`, on a connection of its own for as long
	 * as `work` runs; always granted on SQLite, whose one file has one server.
	 */
	unlessRunningElsewhere<T>(db: Db, key: string, work: () => Promise<T>): Promise<Alone<T>>;
	/**
	 * Locks the user's row until the transaction of `db` ends, so that two transactions
	 * counting and removing that user's credentials run one after the other (the last way in,
	 * docs/decisions/039): `SELECT ... FOR UPDATE` on PostgreSQL; nothing on SQLite, whose
	 * IMMEDIATE transactions already run one at a time.
	 */
	lockUserRow(db: Db, userId: string): Promise<void>;
};

/** What a try-lock gave: `work`'s value, or a skip because another instance held the lock. */
export type Alone<T> = { ran: true; value: T } | { ran: false };

export type UserSearch = { kind: "index" | "scan"; matches: SQL };

export type UsersTally = { users: number; inactive: number; recent: number };

/** The shortest search a trigram index can serve. */
export const TRIGRAM = 3;
/** From this many matches, a scan of 100,000 users beats reading SQLite's index (decision 020). */
export const BROAD = 5_000;

/** `q`'s length in characters (code points), as a trigram counts them. */
export const characters = (q: string) => [...q].length;

/** Whether `q` is ASCII: a scan may then fold names by ASCII letters only, which is quicker (decision 020). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
export const isAscii = (q: string) => /^[\x00-\x7f]*$/.test(q);
