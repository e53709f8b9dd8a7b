import { and, eq, lte, ne } from "drizzle-orm";
import type { TokenPair } from "../../../shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { mfaTokens, sessions, users } from "../../db/schema.ts";
import { assertInsideTransaction, atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { hashSecret, newSecret, newTokenId, parseToken, secretMatches } from "../../lib/tokens.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { type Authenticated, type SessionPrincipal, throughSession } from "./principal.ts";
import { sessionChecksOf } from "./session-lookup.ts";

/** How often `last_seen_at` (and the access token's sliding expiry) is written at most: reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export type { Authenticated, SessionUser } from "./check-cache.ts";
export type { SessionPrincipal, TokenPrincipal } from "./principal.ts";
export { throughSession } from "./principal.ts";

const pair = (id: string, accessSecret: string, refreshSecret: string): TokenPair => ({
	access_token: `${id}.${accessSecret}`,
	refresh_token: `${id}.${refreshSecret}`,
	token_type: "bearer",
});

/** The later of two times never passes `endsAt` (a session's hard end, when it has one). */
const capped = (time: number, endsAt: number | null | undefined): number =>
	endsAt === null || endsAt === undefined ? time : Math.min(time, endsAt);

/** A session made through a sign-in provider: which one, and the hard end its SESSION_TTL sets. */
export type ProviderSession = { provider: string; endsAt: number };

/**
 * A new session. Through a provider, `endsAt` is its hard end: its expiry and its access
 * token's never pass it, so every check of them (the session check, its sliding expiry, a
 * refresh) ends the session then.
 */
export async function createSession(
	deps: ServiceDeps,
	userId: string,
	meta: RequestMeta,
	through?: ProviderSession,
): Promise<TokenPair> {
	const { clock, config } = deps;
	const now = clock();
	const endsAt = through?.endsAt;
	const id = newTokenId();
	const accessSecret = newSecret();
	const refreshSecret = newSecret();
	// In the admission's transaction (a savepoint of its own cost two round trips on PostgreSQL).
	assertInsideTransaction(deps.db, "createSession()");
	// Housekeeping: the user's sessions that can no longer be refreshed go, so the
	// table (and the device list) holds only live ones.
	await deps.db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
	await deps.db.insert(sessions).values({
		id,
		userId,
		accessHash: hashSecret(accessSecret),
		refreshHash: hashSecret(refreshSecret),
		accessExpiresAt: capped(now + config.accessTokenTtlMs, endsAt),
		expiresAt: capped(now + config.refreshTokenTtlMs, endsAt),
		createdAt: now,
		lastSeenAt: now,
		authenticatedAt: now,
		ip: meta.ip,
		userAgent: meta.userAgent?.slice(0, 512) ?? null,
		provider: through?.provider ?? null,
		endsAt: endsAt ?? null,
	});
	return pair(id, accessSecret, refreshSecret);
}

/** The session row and its user's standing, for a refresh: the hashes a rotation checks and replaces. */
const findSessionForRefresh = async (db: Db, id: string) =>
	await first(
		db
			.select({ session: sessions, user: { id: users.id, email: users.email, isActive: users.isActive } })
			.from(sessions)
			.innerJoin(users, eq(users.id, sessions.userId))
			.where(eq(sessions.id, id)),
	);

/** Touches are at most a tenth of the access lifetime apart, so a token in use never lapses between them. */
const touchEvery = (accessTtlMs: number) => Math.min(TOUCH_EVERY_MS, accessTtlMs / 10);

/**
 * The user and session behind an access token, as the database holds them now, so a
 * revocation takes effect at once: the session-check cache (sessions/check-cache.ts) forgets an entry
 * the moment its session or user is written. Null for any token that does not hold.
 * The access token's expiry slides while it is used (a client that never refreshes is
 * not cut off mid-work), but never past the session's own expiry.
 */
export async function authenticateAccessToken(deps: ServiceDeps, token: string): Promise<SessionPrincipal | null> {
	const parsed = parseToken(token);
	if (!parsed) return null;
	const record = await sessionChecksOf(deps.db).get(parsed.id);
	if (!record || !secretMatches(parsed.secret, record.accessHash)) return null;
	const { session, user } = record.auth;
	const now = deps.clock();
	if (session.accessExpiresAt <= now || session.expiresAt <= now || !user.isActive) return null;
	const { accessTokenTtlMs } = deps.config;
	if (now - session.lastSeenAt >= touchEvery(accessTokenTtlMs)) {
		const accessExpiresAt = Math.min(now + accessTokenTtlMs, session.expiresAt);
		// The write makes the cache forget this session; the next request reads the new times.
		await deps.db.update(sessions).set({ lastSeenAt: now, accessExpiresAt }).where(eq(sessions.id, session.id));
		return { user, session: { ...session, lastSeenAt: now, accessExpiresAt } };
	}
	return record.auth;
}

/**
 * The caller's session as it is now, for a write decided before an await: null when
 * the session was revoked or expired, or its user deactivated or deleted, meanwhile.
 * Read from the database, never from the cache: writes go through `atomicallyAs`
 * (sessions/acting-session.ts), which calls it inside the write's transaction.
 */
export async function liveSession(deps: ServiceDeps, sessionId: string): Promise<SessionPrincipal | null> {
	const auth = (await sessionChecksOf(deps.db).read(sessionId))?.auth;
	const now = deps.clock();
	if (!auth || auth.session.expiresAt <= now || !auth.user.isActive) return null;
	return auth;
}

/**
 * Sensitive actions (a new e-mail, deleting the account, two-factor and passkey changes,
 * access tokens) need the owner to have proved who they are in this session within
 * REAUTH_WINDOW. A token never satisfies it: it is refused as a token.
 */
export function requireRecentAuth(deps: ServiceDeps, auth: Authenticated): SessionPrincipal {
	const principal = throughSession(auth);
	if (deps.clock() - principal.session.authenticatedAt > deps.config.reauthWindowMs) fail("REAUTH_REQUIRED");
	return principal;
}

/** Records a fresh proof of identity in the session (a password, a code, a passkey). */
export async function markAuthenticated({ db, clock }: ServiceDeps, sessionId: string): Promise<void> {
	await db.update(sessions).set({ authenticatedAt: clock() }).where(eq(sessions.id, sessionId));
}

/**
 * Swaps a refresh token for a new pair. The refresh secret this session had just before
 * its current one was already swapped once: whoever presents it again holds a copy, so
 * the session dies. Any other wrong secret is only refused, so a session id alone (it is
 * shown in the device list) cannot harm a session.
 */
export async function rotateSession(deps: ServiceDeps, refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
	const { clock, config } = deps;
	const parsed = parseToken(refreshToken) ?? fail("INVALID_CREDENTIALS");
	// A refusal may revoke the session: that write must commit, so the transaction returns null instead of throwing.
	const rotated = await atomically(deps, async (deps): Promise<TokenPair | null> => {
		const row = await findSessionForRefresh(deps.db, parsed.id);
		if (!row) return null;
		const now = clock();
		if (!secretMatches(parsed.secret, row.session.refreshHash)) {
			const previous = row.session.previousRefreshHash;
			if (previous && secretMatches(parsed.secret, previous)) {
				await revokeSession(deps, row.session.id);
				await recordAudit(deps, { action: "auth.refresh_reuse", subject: row.user, meta });
				deps.log.warn({ sessionId: row.session.id, userId: row.user.id }, "refresh token reused: session revoked");
			}
			return null;
		}
		const { endsAt } = row.session;
		if (row.session.expiresAt <= now || (endsAt !== null && endsAt <= now) || !row.user.isActive) {
			await revokeSession(deps, row.session.id);
			return null;
		}
		const accessSecret = newSecret();
		const refreshSecret = newSecret();
		await deps.db
			.update(sessions)
			.set({
				accessHash: hashSecret(accessSecret),
				refreshHash: hashSecret(refreshSecret),
				previousRefreshHash: row.session.refreshHash,
				// A rotation renews the session but never past its hard end.
				accessExpiresAt: capped(now + config.accessTokenTtlMs, endsAt),
				expiresAt: capped(now + config.refreshTokenTtlMs, endsAt),
				lastSeenAt: now,
				ip: meta.ip,
				userAgent: meta.userAgent?.slice(0, 512) ?? null,
			})
			.where(eq(sessions.id, row.session.id));
		return pair(row.session.id, accessSecret, refreshSecret);
	});
	return rotated ?? fail("INVALID_CREDENTIALS");
}

export async function revokeSession({ db }: ServiceDeps, sessionId: string): Promise<void> {
	await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Revokes every session of the user, but `keepSessionId` when given, and every login
 * half done (an mfa token waiting for its code): where sessions end, a password checked
 * before must not open a new one.
 */
export async function revokeUserSessions(deps: ServiceDeps, userId: string, keepSessionId?: string): Promise<void> {
	const condition = keepSessionId
		? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
		: eq(sessions.userId, userId);
	await deps.db.delete(sessions).where(condition);
	await endPendingLogins(deps, userId);
}

/** The user's mfa tokens end: a second login step started before now must start again. */
export async function endPendingLogins({ db }: ServiceDeps, userId: string): Promise<void> {
	await db.delete(mfaTokens).where(eq(mfaTokens.userId, userId));
}
