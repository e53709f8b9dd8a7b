import { and, eq } from "drizzle-orm";
import { first } from "../../db/query.ts";
import { userIdentities } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { atomicallyAs, atomicallyAsAdmin } from "../sessions/acting-session.ts";
import type { Authenticated } from "../sessions/principal.ts";
import { requireRecentAuth } from "../sessions/session.ts";
import { findUserById } from "../users/records.ts";
import { assertWayInLeft, lockAccount } from "./way-in.ts";

/** Deletes the user's identity `identityId` unless it was their last way in; answers the row it deleted. */
async function removeIdentity(deps: ServiceDeps, userId: string, identityId: string) {
	await lockAccount(deps, userId);
	const row =
		(await first(
			deps.db
				.delete(userIdentities)
				.where(and(eq(userIdentities.id, identityId), eq(userIdentities.userId, userId)))
				.returning(),
		)) ?? fail("IDENTITY_NOT_FOUND");
	await assertWayInLeft(deps, userId);
	return row;
}

/**
 * DELETE /users/me/identities/{id}: the identity no longer signs in to the caller's account
 * (a recent proof of identity needed), unless it was its last way in (LAST_SIGN_IN_METHOD).
 */
export async function unlinkOwnIdentity(
	deps: ServiceDeps,
	auth: Authenticated,
	identityId: string,
	meta: RequestMeta,
): Promise<void> {
	requireRecentAuth(deps, auth);
	await atomicallyAs(deps, auth, async (deps, { user }) => {
		const row = await removeIdentity(deps, user.id, identityId);
		await recordAudit(deps, {
			action: "identity.unlink",
			actor: user,
			subject: user,
			meta,
			details: { provider: row.provider },
		});
	});
}

/** DELETE /users/{user_id}/identities/{id} (superuser): the same rule, another account. */
export async function unlinkIdentityAsAdmin(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	identityId: string,
	meta: RequestMeta,
): Promise<void> {
	await atomicallyAsAdmin(deps, actor, async (deps, { user: admin }) => {
		const target = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		const row = await removeIdentity(deps, target.id, identityId);
		await recordAudit(deps, {
			action: "admin.identity_unlink",
			actor: admin,
			subject: target,
			meta,
			details: { provider: row.provider },
		});
	});
}
