import { eq } from "drizzle-orm";
import { resetTokens } from "../../db/schema.ts";
import type { AuditRecord } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { removeAllPasskeys } from "../factors/passkeys.ts";
import { removeTwoFactor } from "../factors/two-factor.ts";
import { dropChallengesOf } from "../factors/webauthn-challenges.ts";
import { revokeUserSessions } from "../sessions/session.ts";
import { revokeAllTokensOf } from "../tokens/manage.ts";

/**
 * What a "This wasn't me" revert takes off the account, beside its links: every way in
 * that whoever held it may have left behind, whether added before or after the e-mail
 * change (a stolen session can do both). Sessions and reset links; every passkey and the
 * ceremonies under way; two-factor with its secret, recovery codes and pending second
 * steps; every personal access token. A new kind of credential (linked identities) is one more line here.
 * Inside the revert's transaction; the owner adds their own factors again.
 */
export type ClearedByRevert = {
	/** Names of the passkeys removed. */
	passkeys: string[];
	/** Whether two-factor was on. */
	twoFactor: boolean;
	/** Unused recovery codes that went with it. */
	recoveryCodes: number;
};

export async function clearForRevert(
	deps: ServiceDeps,
	user: { id: string; email: string },
	meta: RequestMeta | undefined,
): Promise<ClearedByRevert> {
	const userId = user.id;
	await revokeUserSessions(deps, userId);
	await revokeAllTokensOf(deps, user, "email_revert", meta);
	await deps.db.delete(resetTokens).where(eq(resetTokens.userId, userId));
	const passkeys = await removeAllPasskeys(deps, userId);
	await dropChallengesOf(deps, userId);
	const { totp, recoveryCodes } = await removeTwoFactor(deps, userId);
	return { passkeys, twoFactor: totp, recoveryCodes };
}

export const clearedAnyFactor = (cleared: ClearedByRevert): boolean =>
	cleared.passkeys.length > 0 || cleared.twoFactor || cleared.recoveryCodes > 0;

/** The audit details of the removal: what went and how many, never a secret (keys avoid the words the audit refuses). */
export const clearedDetails = (cleared: ClearedByRevert): NonNullable<AuditRecord["details"]> => ({
	two_factor: cleared.twoFactor,
	recovery_unused: cleared.recoveryCodes,
	webauthn_credentials: cleared.passkeys.length,
	names: cleared.passkeys,
});
