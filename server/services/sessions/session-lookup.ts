import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { databaseKindOf } from "../../db/database-kind.ts";
import { first } from "../../db/query.ts";
import { apiTokens, sessions, users } from "../../db/schema.ts";
import {
	type SessionRecord,
	sessionCheckCacheOf,
	sessionRecordOf,
	type TokenRecord,
	tokenRecordOf,
} from "./check-cache.ts";

/** The user a request knows, as the query builder selects it beside a session or a token. */
const sessionUserColumns = {
	id: users.id,
	email: users.email,
	fullName: users.fullName,
	isActive: users.isActive,
	isSuperuser: users.isSuperuser,
	emailVerified: users.emailVerified,
	createdAt: users.createdAt,
	totpEnabledAt: users.totpEnabledAt,
};

/**
 * The session and its user as the database holds them, through the query builder: the
 * same record the SQLite cache builds from its own prepared statement, on any engine.
 */
export async function lookupSession(db: Db, sessionId: string): Promise<SessionRecord | undefined> {
	const row = await first(
		db
			.select({
				accessHash: sessions.accessHash,
				sessionCreatedAt: sessions.createdAt,
				accessExpiresAt: sessions.accessExpiresAt,
				expiresAt: sessions.expiresAt,
				lastSeenAt: sessions.lastSeenAt,
				authenticatedAt: sessions.authenticatedAt,
				user: sessionUserColumns,
			})
			.from(sessions)
			.innerJoin(users, eq(users.id, sessions.userId))
			.where(eq(sessions.id, sessionId))
			.limit(1),
	);
	if (!row) return undefined;
	return sessionRecordOf(sessionId, row, Object.freeze(row.user));
}

/** A personal access token and its owner as the database holds them, on any engine. */
export async function lookupToken(db: Db, tokenId: string): Promise<TokenRecord | undefined> {
	const row = await first(
		db
			.select({
				secretHash: apiTokens.secretHash,
				name: apiTokens.name,
				scopes: apiTokens.scopes,
				tokenCreatedAt: apiTokens.createdAt,
				expiresAt: apiTokens.expiresAt,
				lastUsedAt: apiTokens.lastUsedAt,
				revokedAt: apiTokens.revokedAt,
				user: sessionUserColumns,
			})
			.from(apiTokens)
			.innerJoin(users, eq(users.id, apiTokens.userId))
			.where(eq(apiTokens.id, tokenId))
			.limit(1),
	);
	if (!row) return undefined;
	return tokenRecordOf(tokenId, row, Object.freeze(row.user));
}

/**
 * How a connection checks a session or a token: `get` for a request, `read` for a
 * re-check inside a write's transaction.
 */
export type SessionChecks = {
	get(sessionId: string): Promise<SessionRecord | undefined>;
	read(sessionId: string): Promise<SessionRecord | undefined>;
	getToken(tokenId: string): Promise<TokenRecord | undefined>;
	readToken(tokenId: string): Promise<TokenRecord | undefined>;
};

/**
 * SQLite's connection keeps its cache (decision 027: the one process that writes tells it
 * what changed). Any other engine is shared by instances that cannot tell each other in
 * time, so every request reads the row.
 */
export function sessionChecksOf(db: Db): SessionChecks {
	if (databaseKindOf(db) === "sqlite") return sessionCheckCacheOf(db);
	const read = (sessionId: string) => lookupSession(db, sessionId);
	const readToken = (tokenId: string) => lookupToken(db, tokenId);
	return { get: read, read, getToken: readToken, readToken };
}
