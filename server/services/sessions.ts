import { and, eq, lte, ne, sql } from "drizzle-orm";
import type { TokenPair } from "../../shared/schemas/auth.ts";
import type { Db } from "../db/client.ts";
import { type SessionRow, sessions, type UserRow, users } from "../db/schema.ts";
import { fail } from "../domain/errors.ts";
import type { RequestMeta, ServiceDeps } from "./deps.ts";
import { hashSecret, newSecret, newTokenId, parseToken, secretMatches } from "./tokens.ts";

/** How often `last_seen_at` is written at most: reads stay reads on a busy session. */
const TOUCH_EVERY_MS = 60_000;

export type Authenticated = { user: UserRow; session: SessionRow };

const pair = (id: string, accessSecret: string, refreshSecret: string): TokenPair => ({
	access_token: `${id}.${accessSecret}`,
	refresh_token: `${id}.${refreshSecret}`,
	token_type: "bearer",
});

export function createSession(deps: ServiceDeps, userId: string, meta: RequestMeta): TokenPair {
	const { db, clock, config } = deps;
	const now = clock();
	const id = newTokenId();
	const accessSecret = newSecret();
	const refreshSecret = newSecret();
	// Housekeeping: the user's sessions that can no longer be refreshed go, so the
	// table (and a future device list) holds only live ones.
	db.delete(sessions)
		.where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)))
		.run();
	db.insert(sessions)
		.values({
			id,
			userId,
			accessHash: hashSecret(accessSecret),
			refreshHash: hashSecret(refreshSecret),
			accessExpiresAt: now + config.accessTokenTtlMs,
			expiresAt: now + config.refreshTokenTtlMs,
			createdAt: now,
			lastSeenAt: now,
			ip: meta.ip,
			userAgent: meta.userAgent?.slice(0, 512) ?? null,
		})
		.run();
	return pair(id, accessSecret, refreshSecret);
}

const lookupQuery = (db: Db) =>
	db
		.select({ session: sessions, user: users })
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(eq(sessions.id, sql.placeholder("id")))
		.prepare();

/** Every authenticated request runs this lookup: prepare it once per database, not per call. */
const lookups = new WeakMap<Db, ReturnType<typeof lookupQuery>>();
function findSession(db: Db, id: string): Authenticated | undefined {
	let lookup = lookups.get(db);
	if (!lookup) {
		lookup = lookupQuery(db);
		lookups.set(db, lookup);
	}
	return lookup.get({ id });
}

/**
 * The user and session behind an access token, checked against the database on every
 * call so a revocation takes effect at once. Null for any token that does not hold.
 */
export function authenticateAccessToken(deps: ServiceDeps, token: string): Authenticated | null {
	const parsed = parseToken(token);
	if (!parsed) return null;
	const row = findSession(deps.db, parsed.id);
	const now = deps.clock();
	if (!row || !secretMatches(parsed.secret, row.session.accessHash)) return null;
	if (row.session.accessExpiresAt <= now || row.session.expiresAt <= now || !row.user.isActive) return null;
	if (now - row.session.lastSeenAt >= TOUCH_EVERY_MS) {
		deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id)).run();
	}
	return row;
}

/**
 * Swaps a refresh token for a new pair. A token that names a live session but not its
 * current secret was already used once: someone holds a copy, so the session dies.
 */
export function rotateSession(deps: ServiceDeps, refreshToken: string, meta: RequestMeta): TokenPair {
	const { db, clock, config } = deps;
	const parsed = parseToken(refreshToken) ?? fail("INVALID_CREDENTIALS");
	const row = findSession(db, parsed.id) ?? fail("INVALID_CREDENTIALS");
	const now = clock();
	if (!secretMatches(parsed.secret, row.session.refreshHash)) {
		revokeSession(deps, row.session.id);
		deps.log.warn({ sessionId: row.session.id, userId: row.user.id }, "refresh token reused: session revoked");
		return fail("INVALID_CREDENTIALS");
	}
	if (row.session.expiresAt <= now || !row.user.isActive) {
		revokeSession(deps, row.session.id);
		return fail("INVALID_CREDENTIALS");
	}
	const accessSecret = newSecret();
	const refreshSecret = newSecret();
	db.update(sessions)
		.set({
			accessHash: hashSecret(accessSecret),
			refreshHash: hashSecret(refreshSecret),
			accessExpiresAt: now + config.accessTokenTtlMs,
			expiresAt: now + config.refreshTokenTtlMs,
			lastSeenAt: now,
			ip: meta.ip,
			userAgent: meta.userAgent?.slice(0, 512) ?? null,
		})
		.where(eq(sessions.id, row.session.id))
		.run();
	return pair(row.session.id, accessSecret, refreshSecret);
}

export function revokeSession({ db }: ServiceDeps, sessionId: string): void {
	db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Revokes every session of the user, but `keepSessionId` when given. */
export function revokeUserSessions({ db }: ServiceDeps, userId: string, keepSessionId?: string): void {
	const condition = keepSessionId
		? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
		: eq(sessions.userId, userId);
	db.delete(sessions).where(condition).run();
}
