import { and, eq, ne } from "drizzle-orm";
import { first } from "../../db/query.ts";
import { mfaTokens, oidcHandoffs, sessions, userIdentities } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { atomicallyAs, atomicallyAsAdmin } from "../sessions/acting-session.ts";
import type { Authenticated } from "../sessions/principal.ts";
import { requireRecentAuth } from "../sessions/session.ts";
import { findUserById } from "../users/records.ts";
import { assertWayInLeft, lockAccount } from "./way-in.ts";

/**
 * Deletes the user's identity `identityId` unless it was their last way in, and ends what
 * was entered through it: the sessions made through its provider (but `keepSessionId`, the
 * person unlinking from it) and the sign-ins half done there (a hand-off not yet spent, an
 * mfa token waiting for its code). An account holds one identity of a provider, so the provider names them. Answers
 * the row it deleted and how many sessions ended.
 */
async function removeIdentity(deps: ServiceDeps, userId: string, identityId: string, keepSessionId?: string) {
	await lockAccount(deps, userId);
	const row =
		(await first(
			deps.db
				.delete(userIdentities)
				.where(and(eq(userIdentities.id, identityId), eq(userIdentities.userId, userId)))
				.returning(),
		)) ?? fail("IDENTITY_NOT_FOUND");
	await assertWayInLeft(deps, userId);
	const madeThroughIt = and(eq(sessions.userId, userId), eq(sessions.provider, row.provider));
	const ended = await deps.db
		.delete(sessions)
		.where(keepSessionId ? and(madeThroughIt, ne(sessions.id, keepSessionId)) : madeThroughIt)
		.returning({ expiresAt: sessions.expiresAt });
	await deps.db.delete(mfaTokens).where(and(eq(mfaTokens.userId, userId), eq(mfaTokens.provider, row.provider)));
	// A hand-off the callback gave before the unlink would still open a session after it.
	await deps.db
		.delete(oidcHandoffs)
		.where(and(eq(oidcHandoffs.userId, userId), eq(oidcHandoffs.provider, row.provider)));
	return { row, sessionsEnded: ended.filter((session) => session.expiresAt > deps.clock()).length };
}

/**
 * DELETE /users/me/identities/{id}: the identity no longer signs in to the caller's account
 * (a recent proof of identity needed), unless it was its last way in (LAST_SIGN_IN_METHOD).
 * The caller's own session stays, even when it came through that provider.
 */
export async function unlinkOwnIdentity(
	deps: ServiceDeps,
	auth: Authenticated,
	identityId: string,
	meta: RequestMeta,
): Promise<void> {
	const { session } = requireRecentAuth(deps, auth);
	await atomicallyAs(deps, auth, async (deps, { user }) => {
		const { row, sessionsEnded } = await removeIdentity(deps, user.id, identityId, session.id);
		await recordAudit(deps, {
			action: "identity.unlink",
			actor: user,
			subject: user,
			meta,
			details: { provider: row.provider, sessions_ended: sessionsEnded },
		});
	});
}

/**
 * DELETE /users/{user_id}/identities/{id} (superuser): the same rule, another account; every
 * session made through the identity ends (a leaver's way in, cut by an administrator).
 */
export async function unlinkIdentityAsAdmin(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	identityId: string,
	meta: RequestMeta,
): Promise<void> {
	await atomicallyAsAdmin(deps, actor, async (deps, { user: admin }) => {
		const target = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		const { row, sessionsEnded } = await removeIdentity(deps, target.id, identityId);
		await recordAudit(deps, {
			action: "admin.identity_unlink",
			actor: admin,
			subject: target,
			meta,
			details: { provider: row.provider, sessions_ended: sessionsEnded },
		});
	});
}
