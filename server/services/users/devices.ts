import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { SessionPublic, SessionsPublic } from "../../../shared/schemas/sessions.ts";
import { describeUserAgent } from "../../../shared/user-agent.ts";
import { first } from "../../db/query.ts";
import { type SessionRow, sessions } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { atomicallyAs, atomicallyAsAdmin } from "../sessions/acting-session.ts";
import { type Authenticated, endPendingLogins, type SessionPrincipal } from "../sessions/session.ts";
import { findUserById } from "./records.ts";

/**
 * The signed-in devices of an account: the owner lists and ends them, a superuser lists
 * them and signs the user out everywhere. A session's id is the public half of its tokens:
 * showing it cannot harm the session (a wrong secret with a known id is only refused).
 */

const iso = (ms: number) => new Date(ms).toISOString();

const toSessionPublic = (row: SessionRow, currentSessionId: string | undefined): SessionPublic => ({
	id: row.id,
	created_at: iso(row.createdAt),
	last_seen_at: iso(row.lastSeenAt),
	expires_at: iso(row.expiresAt),
	ip: row.ip,
	user_agent: row.userAgent,
	...describeUserAgent(row.userAgent),
	current: row.id === currentSessionId,
});

/** Sessions that can still be used or refreshed; expired rows linger until the user's next login sweeps them. */
const live = (deps: ServiceDeps, userId: string) =>
	and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.clock()));

/** How many of the deleted rows were live sessions (the expired ones go too, as housekeeping). */
const liveCount = (deps: ServiceDeps, deleted: { expiresAt: number }[]) =>
	deleted.filter((row) => row.expiresAt > deps.clock()).length;

async function sessionsOf(
	deps: ServiceDeps,
	userId: string,
	currentSessionId: string | undefined,
): Promise<SessionsPublic> {
	const rows = await deps.db
		.select()
		.from(sessions)
		.where(live(deps, userId))
		.orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.id);
	return { data: rows.map((row) => toSessionPublic(row, currentSessionId)), count: rows.length };
}

/** The caller's live sessions, most recently seen first; theirs is marked `current`. */
export const listMySessions = async (deps: ServiceDeps, auth: Authenticated): Promise<SessionsPublic> =>
	sessionsOf(deps, auth.user.id, auth.session?.id);

/**
 * Ends one of the caller's live sessions (their current one too, which is a logout).
 * Any other id, someone else's, an expired one or one of no valid shape, is "not found":
 * the answer tells nothing about sessions that are not the caller's.
 */
export async function revokeMySession(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	sessionId: string,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await atomicallyAs(deps, auth, async (deps) => {
		const row =
			(await first(
				deps.db
					.delete(sessions)
					.where(and(eq(sessions.id, sessionId), live(deps, auth.user.id)))
					.returning(),
			)) ?? fail("SESSION_NOT_FOUND");
		const { browser, os, device_type } = describeUserAgent(row.userAgent);
		await recordAudit(deps, {
			action: "session.revoke",
			actor: auth.user,
			subject: auth.user,
			meta,
			details: { browser, os, device_type, ip: row.ip },
		});
	});
	return { message: "Session revoked" };
}

/** Ends every session of the caller but the one asking, and every login half done; recorded only when a session ended (a no-op leaves no row). */
export async function revokeOtherSessions(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await atomicallyAs(deps, auth, async (deps) => {
		await endPendingLogins(deps, auth.user.id);
		const count = liveCount(
			deps,
			await deps.db
				.delete(sessions)
				.where(and(eq(sessions.userId, auth.user.id), ne(sessions.id, auth.session.id)))
				.returning({ expiresAt: sessions.expiresAt }),
		);
		if (count === 0) return;
		await recordAudit(deps, {
			action: "session.revoke_others",
			actor: auth.user,
			subject: auth.user,
			meta,
			details: { count },
		});
	});
	return { message: "Other sessions revoked" };
}

/** A superuser's view of a user's live sessions. */
export async function listUserSessions(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
): Promise<SessionsPublic> {
	(await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
	return await sessionsOf(deps, userId, actor.session?.id);
}

/** A superuser signs a user out everywhere (a lost laptop, a suspected theft). */
export async function revokeUserSessionsAsAdmin(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await atomicallyAsAdmin(deps, actor, async (deps) => {
		const target = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		await endPendingLogins(deps, target.id);
		const ended = await deps.db
			.delete(sessions)
			.where(eq(sessions.userId, target.id))
			.returning({ expiresAt: sessions.expiresAt });
		const count = liveCount(deps, ended);
		await recordAudit(deps, {
			action: "admin.sessions_revoke",
			actor: actor.user,
			subject: target,
			meta,
			details: { count },
		});
	});
	return { message: "All sessions revoked" };
}
