import { eq } from "drizzle-orm";
import type { EmailLinkInput } from "../../../shared/schemas/email-links.ts";
import { users } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { negotiateLocale } from "../../mail/locale.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { dropLinksFromRevert, spendAccountToken } from "../links/email-links.ts";
import { findUserByEmail, findUserById } from "../users/records.ts";
import { resetEmailFor } from "./password-reset.ts";
import { clearedAnyFactor, clearedDetails, clearForRevert } from "./revert-clears.ts";

export const EMAIL_CHANGE_REVERTED = { message: "Email change reverted" };

/**
 * "This wasn't me": whoever reads the old address takes the account back. The old address
 * returns (proved: the link was mailed to it); every session, passkey and second factor
 * goes (account/revert-clears.ts: the thief's may be among them); the verification links and the
 * revert links issued since this one die (the thief's own), older ones live (a thief who
 * spends his later link cannot void the owner's); and a password-reset link, naming what
 * was removed, goes to the old address in the language of this request.
 *
 * The address was kept for its owner while the link lived, so it is free; should it not
 * be (an operator wrote it by hand), the answer is 409 and the link stays usable once the
 * address is freed.
 */
export async function revertEmailChange(
	deps: ServiceDeps,
	input: EmailLinkInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await deps.limiter.take(deps, "emailLink", meta.ip);
	const outcome = await atomically(deps, async (deps): Promise<MailMessage | "INVALID_EMAIL_TOKEN"> => {
		const spent = await spendAccountToken(deps, "email_revert", input.token);
		const user = spent && (await findUserById(deps, spent.userId));
		if (!spent || !user) return "INVALID_EMAIL_TOKEN";
		// Thrown, so the transaction rolls back and the link survives: nothing changed.
		if (!user.isActive) fail("INACTIVE_USER");
		const holder = await findUserByEmail(deps, spent.email);
		if (holder && holder.id !== user.id) fail("UPDATE_EMAIL_TAKEN");
		await deps.db.update(users).set({ email: spent.email, emailVerified: true }).where(eq(users.id, user.id));
		const restored = { ...user, email: spent.email, emailVerified: true };
		await dropLinksFromRevert(deps, spent);
		const cleared = await clearForRevert(deps, restored, meta);
		await recordAudit(deps, {
			action: "email.change_reverted",
			subject: restored,
			meta,
			details: { from: user.email },
		});
		if (clearedAnyFactor(cleared))
			await recordAudit(deps, {
				action: "account.credentials_removed",
				subject: restored,
				meta,
				details: clearedDetails(cleared),
			});
		const reset = await resetEmailFor(deps, restored, negotiateLocale(meta.acceptLanguage), meta, {
			passkeys: cleared.passkeys.length,
			twoFactor: cleared.twoFactor || cleared.recoveryCodes > 0,
		});
		return { to: restored.email, ...reset };
	});
	// Returned, not thrown: a spent or expired token stays deleted.
	if (outcome === "INVALID_EMAIL_TOKEN") return fail(outcome);
	deps.mailer.send(outcome);
	return EMAIL_CHANGE_REVERTED;
}
