import { type AuthRowsWatch, watchAuthRows } from "../../db/auth-rows-watch.ts";
import { connectionOf, type Db, transactionEnd } from "../../db/client.ts";
import type { SessionRow, UserRow } from "../../db/schema.ts";

/** What a request knows of its caller: no password hash, no two-factor secret, no token hashes. */
export type SessionUser = Readonly<
	Pick<
		UserRow,
		"id" | "email" | "fullName" | "isActive" | "isSuperuser" | "emailVerified" | "createdAt" | "totpEnabledAt"
	>
>;
export type SessionState = Readonly<
	Pick<SessionRow, "id" | "userId" | "createdAt" | "accessExpiresAt" | "expiresAt" | "lastSeenAt" | "authenticatedAt">
>;
export type Authenticated = Readonly<{ user: SessionUser; session: SessionState }>;

/** A session as the database holds it, with its access hash for the caller to check. */
export type SessionRecord = { auth: Authenticated; accessHash: Buffer };

type LookupRow = {
	access_hash: Buffer;
	session_created_at: number;
	access_expires_at: number;
	expires_at: number;
	last_seen_at: number;
	authenticated_at: number;
	user_id: string;
	email: string;
	full_name: string | null;
	is_active: number;
	is_superuser: number;
	email_verified: number;
	created_at: number;
	totp_enabled_at: number | null;
};

/**
 * One join by primary key, only the columns a request needs, no ORM mapping: this runs on
 * every miss. It may read only tables the watch covers (a test holds it to that).
 */
export const SESSION_LOOKUP_SQL = `SELECT s.access_hash, s.created_at AS session_created_at, s.access_expires_at, s.expires_at,
       s.last_seen_at, s.authenticated_at, s.user_id,
       u.email, u.full_name, u.is_active, u.is_superuser, u.email_verified, u.created_at, u.totp_enabled_at
FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`;

/** At most this many sessions are remembered; the oldest remembered goes first. */
const MAX_ENTRIES = 10_000;

/**
 * The session check of every authenticated request, remembered between requests. An
 * entry is only ever what the database held when it was read: any write to its session
 * or its user by this connection removes it at once (server/db/auth-rows-watch.ts), and
 * any write by another connection empties the whole cache before the next lookup. Times
 * (expiry, the sliding expiry, the recent-authentication window) are compared with the
 * clock on each use by the caller, as for a row just read.
 */
export class SessionCheckCache {
	private readonly entries = new Map<string, SessionRecord>();
	private readonly sessionsOfUser = new Map<string, Set<string>>();
	private readonly watch: AuthRowsWatch;
	private readonly lookup;
	private readonly db: Db;

	constructor(db: Db) {
		this.db = db;
		this.lookup = db.$client.prepare<[string], LookupRow>(SESSION_LOOKUP_SQL);
		this.watch = watchAuthRows(db, (change) => {
			if (change.table === "sessions") this.forgetSession(change.sessionId);
			else for (const sessionId of this.sessionsOfUser.get(change.userId) ?? []) this.forgetSession(sessionId);
		});
	}

	/** The session as the database holds it now: remembered, or read (and remembered). */
	async get(sessionId: string): Promise<SessionRecord | undefined> {
		if (this.watch.otherConnectionWrote()) this.clear();
		const remembered = this.entries.get(sessionId);
		if (remembered) return remembered;
		// The lookup is a statement of its own on the connection: like every other, it waits
		// for an open transaction to end, never reading what may still roll back.
		const connection = connectionOf(this.db);
		while (connection.open) await transactionEnd(connection, "the session check");
		const record = await this.read(sessionId);
		// Inside a transaction the row may hold writes that will yet roll back: never remember those.
		if (record && !this.db.$client.inTransaction) this.remember(sessionId, record);
		return record;
	}

	/** The session as the database holds it, never from memory: for the re-checks inside a write's transaction. */
	async read(sessionId: string): Promise<SessionRecord | undefined> {
		const row = this.lookup.get(sessionId);
		if (!row) return undefined;
		const user: SessionUser = Object.freeze({
			id: row.user_id,
			email: row.email,
			fullName: row.full_name,
			isActive: row.is_active === 1,
			isSuperuser: row.is_superuser === 1,
			emailVerified: row.email_verified === 1,
			createdAt: row.created_at,
			totpEnabledAt: row.totp_enabled_at,
		});
		const session: SessionState = Object.freeze({
			id: sessionId,
			userId: row.user_id,
			createdAt: row.session_created_at,
			accessExpiresAt: row.access_expires_at,
			expiresAt: row.expires_at,
			lastSeenAt: row.last_seen_at,
			authenticatedAt: row.authenticated_at,
		});
		return { auth: Object.freeze({ user, session }), accessHash: row.access_hash };
	}

	/** What is remembered for a session, without reading the database (tests compare it with `read`). */
	remembered(sessionId: string): SessionRecord | undefined {
		return this.entries.get(sessionId);
	}

	get size(): number {
		return this.entries.size;
	}

	private remember(sessionId: string, record: SessionRecord): void {
		if (this.entries.size >= MAX_ENTRIES) {
			const oldest = this.entries.keys().next().value;
			if (oldest !== undefined) this.forgetSession(oldest);
		}
		this.entries.set(sessionId, record);
		const userId = record.auth.user.id;
		let ids = this.sessionsOfUser.get(userId);
		if (!ids) {
			ids = new Set();
			this.sessionsOfUser.set(userId, ids);
		}
		ids.add(sessionId);
	}

	private forgetSession(sessionId: string): void {
		const record = this.entries.get(sessionId);
		if (!record) return;
		this.entries.delete(sessionId);
		const userId = record.auth.user.id;
		const ids = this.sessionsOfUser.get(userId);
		ids?.delete(sessionId);
		if (ids?.size === 0) this.sessionsOfUser.delete(userId);
	}

	private clear(): void {
		this.entries.clear();
		this.sessionsOfUser.clear();
	}
}

const caches = new WeakMap<Db, SessionCheckCache>();

/** The one cache of a database connection (either of its handles), made (and its watch installed) on first use. */
export function sessionCheckCacheOf(db: Db): SessionCheckCache {
	const { outer } = connectionOf(db);
	let cache = caches.get(outer);
	if (!cache) {
		cache = new SessionCheckCache(outer);
		caches.set(outer, cache);
	}
	return cache;
}
