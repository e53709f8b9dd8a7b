import type { TokenScope } from "../../../shared/schemas/tokens.ts";
import { type AuthRowsWatch, watchAuthRows } from "../../db/auth-rows-watch.ts";
import { connectionOf, type Db, transactionEnd } from "../../db/client.ts";
import type { SessionRow, UserRow } from "../../db/schema.ts";
import type { SessionPrincipal, TokenState } from "./principal.ts";

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
export type { Authenticated } from "./principal.ts";

/** A session as the database holds it, with its access hash for the caller to check. */
export type SessionRecord = { auth: SessionPrincipal; accessHash: Buffer };

/** A personal access token as the database holds it, with its owner as they are (not yet masked by scopes). */
export type TokenRecord = Readonly<{
	token: TokenState;
	user: SessionUser;
	secretHash: Buffer;
	revokedAt: number | null;
}>;

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

type TokenLookupRow = {
	secret_hash: Buffer;
	name: string;
	scopes: string;
	token_created_at: number;
	expires_at: number;
	last_used_at: number | null;
	revoked_at: number | null;
	user_id: string;
	email: string;
	full_name: string | null;
	is_active: number;
	is_superuser: number;
	email_verified: number;
	created_at: number;
	totp_enabled_at: number | null;
};

/** The same for a personal access token: one join by primary key, of watched tables only. */
export const TOKEN_LOOKUP_SQL = `SELECT t.secret_hash, t.name, t.scopes, t.created_at AS token_created_at, t.expires_at,
       t.last_used_at, t.revoked_at, t.user_id,
       u.email, u.full_name, u.is_active, u.is_superuser, u.email_verified, u.created_at, u.totp_enabled_at
FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ?`;

/** Scopes as stored: space-separated. */
export const parseScopes = (stored: string): readonly TokenScope[] =>
	Object.freeze(stored.split(" ").filter(Boolean) as TokenScope[]);

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
	private readonly tokens = new Map<string, TokenRecord>();
	/** The remembered sessions (`s:<id>`) and tokens (`t:<id>`) of each user. */
	private readonly keysOfUser = new Map<string, Set<string>>();
	private readonly watch: AuthRowsWatch;
	private readonly lookup;
	private readonly tokenLookup;
	private readonly db: Db;

	constructor(db: Db) {
		this.db = db;
		this.lookup = db.$client.prepare<[string], LookupRow>(SESSION_LOOKUP_SQL);
		this.tokenLookup = db.$client.prepare<[string], TokenLookupRow>(TOKEN_LOOKUP_SQL);
		this.watch = watchAuthRows(db, (change) => {
			if (change.table === "sessions") this.forget(`s:${change.sessionId}`);
			else if (change.table === "api_tokens") this.forget(`t:${change.tokenId}`);
			else for (const key of this.keysOfUser.get(change.userId) ?? []) this.forget(key);
		});
	}

	/** A personal access token as the database holds it now: remembered, or read (and remembered). */
	async getToken(tokenId: string): Promise<TokenRecord | undefined> {
		if (this.watch.otherConnectionWrote()) this.clear();
		const remembered = this.tokens.get(tokenId);
		if (remembered) return remembered;
		const connection = connectionOf(this.db);
		while (connection.open) await transactionEnd(connection, "the token check");
		const record = await this.readToken(tokenId);
		if (record && !this.db.$client.inTransaction) this.rememberToken(tokenId, record);
		return record;
	}

	/** The token as the database holds it, never from memory. */
	async readToken(tokenId: string): Promise<TokenRecord | undefined> {
		const row = this.tokenLookup.get(tokenId);
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
		const token: TokenState = Object.freeze({
			id: tokenId,
			userId: row.user_id,
			name: row.name,
			scopes: parseScopes(row.scopes),
			createdAt: row.token_created_at,
			expiresAt: row.expires_at,
			lastUsedAt: row.last_used_at,
		});
		return Object.freeze({ token, user, secretHash: row.secret_hash, revokedAt: row.revoked_at });
	}

	/** What is remembered for a token, without reading the database. */
	rememberedToken(tokenId: string): TokenRecord | undefined {
		return this.tokens.get(tokenId);
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

	/** Sessions and tokens remembered. */
	get size(): number {
		return this.entries.size + this.tokens.size;
	}

	private remember(sessionId: string, record: SessionRecord): void {
		if (this.entries.size >= MAX_ENTRIES) {
			const oldest = this.entries.keys().next().value;
			if (oldest !== undefined) this.forget(`s:${oldest}`);
		}
		this.entries.set(sessionId, record);
		this.indexUnder(record.auth.user.id, `s:${sessionId}`);
	}

	private rememberToken(tokenId: string, record: TokenRecord): void {
		if (this.tokens.size >= MAX_ENTRIES) {
			const oldest = this.tokens.keys().next().value;
			if (oldest !== undefined) this.forget(`t:${oldest}`);
		}
		this.tokens.set(tokenId, record);
		this.indexUnder(record.user.id, `t:${tokenId}`);
	}

	private indexUnder(userId: string, key: string): void {
		let keys = this.keysOfUser.get(userId);
		if (!keys) {
			keys = new Set();
			this.keysOfUser.set(userId, keys);
		}
		keys.add(key);
	}

	/** Forgets a session (`s:<id>`) or a token (`t:<id>`). */
	private forget(key: string): void {
		const id = key.slice(2);
		const userId = key.startsWith("s:") ? this.entries.get(id)?.auth.user.id : this.tokens.get(id)?.user.id;
		if (userId === undefined) return;
		if (key.startsWith("s:")) this.entries.delete(id);
		else this.tokens.delete(id);
		const keys = this.keysOfUser.get(userId);
		keys?.delete(key);
		if (keys?.size === 0) this.keysOfUser.delete(userId);
	}

	private clear(): void {
		this.entries.clear();
		this.tokens.clear();
		this.keysOfUser.clear();
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
