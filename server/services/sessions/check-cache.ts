import type { TokenScope } from "../../../shared/schemas/tokens.ts";
import { type AuthRowsWatch, watchAuthRows } from "../../db/auth-rows-watch.ts";
import { connectionOf, type Db, transactionEnd } from "../../db/client.ts";
import type { SessionRow, UserRow } from "../../db/schema.ts";
import type { SessionPrincipal, TokenState } from "./principal.ts";
import { RememberedRecords } from "./remembered-records.ts";

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

/** A user's columns as SQLite's lookups answer them (flags as 0 or 1). */
type UserColumns = {
	userId: string;
	email: string;
	fullName: string | null;
	isActive: number;
	isSuperuser: number;
	emailVerified: number;
	createdAt: number;
	totpEnabledAt: number | null;
};

/** A session's columns as both lookups name them (this file's statement and the query builder's). */
export type SessionColumns = {
	accessHash: Buffer;
	sessionCreatedAt: number;
	accessExpiresAt: number;
	expiresAt: number;
	lastSeenAt: number;
	authenticatedAt: number;
};

/** A token's columns as both lookups name them. */
export type TokenColumns = {
	secretHash: Buffer;
	name: string;
	scopes: string;
	tokenCreatedAt: number;
	expiresAt: number;
	lastUsedAt: number | null;
	revokedAt: number | null;
};

const USER_COLUMNS_SQL = `u.id AS "userId", u.email, u.full_name AS "fullName", u.is_active AS "isActive",
       u.is_superuser AS "isSuperuser", u.email_verified AS "emailVerified", u.created_at AS "createdAt",
       u.totp_enabled_at AS "totpEnabledAt"`;

/**
 * One join by primary key, only the columns a request needs, no ORM mapping: this runs on
 * every miss. It may read only tables the watch covers (a test holds it to that).
 */
export const SESSION_LOOKUP_SQL = `SELECT s.access_hash AS "accessHash", s.created_at AS "sessionCreatedAt",
       s.access_expires_at AS "accessExpiresAt", s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt",
       s.authenticated_at AS "authenticatedAt", ${USER_COLUMNS_SQL}
FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`;

/** The same for a personal access token: one join by primary key, of watched tables only. */
export const TOKEN_LOOKUP_SQL = `SELECT t.secret_hash AS "secretHash", t.name, t.scopes, t.created_at AS "tokenCreatedAt",
       t.expires_at AS "expiresAt", t.last_used_at AS "lastUsedAt", t.revoked_at AS "revokedAt", ${USER_COLUMNS_SQL}
FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ?`;

/** Scopes as stored: space-separated. */
export const parseScopes = (stored: string): readonly TokenScope[] =>
	Object.freeze(stored.split(" ").filter(Boolean) as TokenScope[]);

/** The user a request knows, from SQLite's row. */
export const sessionUserOf = (row: UserColumns): SessionUser =>
	Object.freeze({
		id: row.userId,
		email: row.email,
		fullName: row.fullName,
		isActive: row.isActive === 1,
		isSuperuser: row.isSuperuser === 1,
		emailVerified: row.emailVerified === 1,
		createdAt: row.createdAt,
		totpEnabledAt: row.totpEnabledAt,
	});

/** A session's record, from either lookup's columns and its user. */
export function sessionRecordOf(sessionId: string, row: SessionColumns, user: SessionUser): SessionRecord {
	const session: SessionState = Object.freeze({
		id: sessionId,
		userId: user.id,
		createdAt: row.sessionCreatedAt,
		accessExpiresAt: row.accessExpiresAt,
		expiresAt: row.expiresAt,
		lastSeenAt: row.lastSeenAt,
		authenticatedAt: row.authenticatedAt,
	});
	return { auth: Object.freeze({ user, session }), accessHash: row.accessHash };
}

/** A token's record, from either lookup's columns and its owner. */
export function tokenRecordOf(tokenId: string, row: TokenColumns, user: SessionUser): TokenRecord {
	const token: TokenState = Object.freeze({
		id: tokenId,
		userId: user.id,
		name: row.name,
		scopes: parseScopes(row.scopes),
		createdAt: row.tokenCreatedAt,
		expiresAt: row.expiresAt,
		lastUsedAt: row.lastUsedAt,
	});
	return Object.freeze({ token, user, secretHash: row.secretHash, revokedAt: row.revokedAt });
}

/** At most this many sessions, and as many tokens, are remembered. */
const MAX_ENTRIES = 10_000;

/**
 * The session check of every authenticated request, remembered between requests. An
 * entry is only ever what the database held when it was read: any write to its session
 * or its user by this connection removes it at once (server/db/auth-rows-watch.ts), and
 * any write by another connection empties the whole cache before the next lookup. Times
 * (expiry, the sliding expiry, the recent-authentication window) are compared with the
 * clock on each use by the caller, as for a row just read. Personal access tokens are
 * remembered alike.
 */
export class SessionCheckCache {
	private readonly sessions = new RememberedRecords<SessionRecord>(MAX_ENTRIES, (record) => record.auth.user.id);
	private readonly tokens = new RememberedRecords<TokenRecord>(MAX_ENTRIES, (record) => record.user.id);
	private readonly watch: AuthRowsWatch;
	private readonly lookup;
	private readonly tokenLookup;
	private readonly db: Db;

	constructor(db: Db) {
		this.db = db;
		this.lookup = db.$client.prepare<[string], UserColumns & SessionColumns>(SESSION_LOOKUP_SQL);
		this.tokenLookup = db.$client.prepare<[string], UserColumns & TokenColumns>(TOKEN_LOOKUP_SQL);
		this.watch = watchAuthRows(db, (change) => {
			if (change.table === "sessions") this.sessions.forget(change.sessionId);
			else if (change.table === "api_tokens") this.tokens.forget(change.tokenId);
			else {
				this.sessions.forgetUser(change.userId);
				this.tokens.forgetUser(change.userId);
			}
		});
	}

	/** The session as the database holds it now: remembered, or read (and remembered). */
	get(sessionId: string): Promise<SessionRecord | undefined> {
		return this.rememberedOrRead(this.sessions, sessionId, () => this.read(sessionId), "the session check");
	}

	/** The session as the database holds it, never from memory: for the re-checks inside a write's transaction. */
	async read(sessionId: string): Promise<SessionRecord | undefined> {
		const row = this.lookup.get(sessionId);
		if (!row) return undefined;
		return sessionRecordOf(sessionId, row, sessionUserOf(row));
	}

	/** What is remembered for a session, without reading the database (tests compare it with `read`). */
	remembered(sessionId: string): SessionRecord | undefined {
		return this.sessions.get(sessionId);
	}

	/** A personal access token as the database holds it now: remembered, or read (and remembered). */
	getToken(tokenId: string): Promise<TokenRecord | undefined> {
		return this.rememberedOrRead(this.tokens, tokenId, () => this.readToken(tokenId), "the token check");
	}

	/** The token as the database holds it, never from memory. */
	async readToken(tokenId: string): Promise<TokenRecord | undefined> {
		const row = this.tokenLookup.get(tokenId);
		if (!row) return undefined;
		return tokenRecordOf(tokenId, row, sessionUserOf(row));
	}

	/** What is remembered for a token, without reading the database. */
	rememberedToken(tokenId: string): TokenRecord | undefined {
		return this.tokens.get(tokenId);
	}

	/** Sessions and tokens remembered. */
	get size(): number {
		return this.sessions.size + this.tokens.size;
	}

	private async rememberedOrRead<R>(
		records: RememberedRecords<R>,
		id: string,
		read: () => Promise<R | undefined>,
		what: string,
	): Promise<R | undefined> {
		if (this.watch.otherConnectionWrote()) {
			this.sessions.clear();
			this.tokens.clear();
		}
		const remembered = records.get(id);
		if (remembered) return remembered;
		// The lookup is a statement of its own on the connection: like every other, it waits
		// for an open transaction to end, never reading what may still roll back.
		const connection = connectionOf(this.db);
		while (connection.open) await transactionEnd(connection, what);
		const record = await read();
		// Inside a transaction the row may hold writes that will yet roll back: never remember those.
		if (record && !this.db.$client.inTransaction) records.remember(id, record);
		return record;
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
