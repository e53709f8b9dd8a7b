import { eq } from "drizzle-orm";
import { first } from "../../db/query.ts";
import { type UserRow, userIdentities } from "../../db/schema.ts";
import { NO_PASSWORD } from "../../lib/passwords.ts";
import type { ServiceDeps } from "../deps.ts";

/**
 * An invitation is pending: the account has no password yet and no identity at a provider.
 * One signed up through a provider has no password either, but it is a working account:
 * an admin may not resend or revoke it as an invitation. The admin list's `invited` is the
 * same rule (list.ts).
 */
export async function isPendingInvitation(deps: ServiceDeps, user: UserRow): Promise<boolean> {
	if (user.hashedPassword !== NO_PASSWORD) return false;
	const identity = await first(
		deps.db.select({ id: userIdentities.id }).from(userIdentities).where(eq(userIdentities.userId, user.id)).limit(1),
	);
	return identity === undefined;
}
