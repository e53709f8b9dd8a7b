import { eq } from "drizzle-orm";
import type { Locales } from "../../../shared/i18n/i18n-types.ts";
import type { ResetPasswordInput } from "../../../shared/schemas/auth.ts";
import { first } from "../../db/query.ts";
import { resetTokens, type UserRow, users } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { hashKeys } from "../../lib/passwords.ts";
import { hashSecretHex } from "../../lib/tokens.ts";
import { negotiateLocale } from "../../mail/locale.ts";
import { type RemovedByRevert, renderResetEmail } from "../../mail/reset-email.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { issuePasswordToken, passwordLink } from "../links/password-links.ts";
import { sendNotice } from "../notices.ts";
import { atomicallyAsAdmin } from "../sessions/acting-session.ts";
import type { Authenticated } from "../sessions/session.ts";
import { revokeAllTokensOf } from "../tokens/manage.ts";
import { passwordRefused, recordEnforcedRefusal } from "../users/enforced-provider.ts";
import { findUserByEmail, findUserById, setPassword } from "../users/records.ts";

export const RECOVERY_SENT = { message: "Password recovery email sent" };

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A reset token with its audit row. */
async function issueResetToken(deps: ServiceDeps, user: UserRow, meta?: RequestMeta): Promise<string> {
	return await atomically(deps, async (deps) => {
		const token = await issuePasswordToken(deps, user, deps.config.resetTokenTtlMs);
		await recordAudit(deps, { action: "password.reset_request", subject: user, meta });
		return token;
	});
}

/**
 * The reset e-mail with a fresh link (older links die); also sent after a "This wasn't me"
 * revert, then naming what the revert removed.
 */
export async function resetEmailFor(
	deps: ServiceDeps,
	user: UserRow,
	locale: Locales,
	meta?: RequestMeta,
	removed?: RemovedByRevert,
) {
	const link = passwordLink(deps, await issueResetToken(deps, user, meta));
	return renderResetEmail({
		locale,
		name: user.fullName || user.email,
		link,
		validForMs: deps.config.resetTokenTtlMs,
		removed,
	});
}

/**
 * Sends a reset link to an active account. The reply is the same whether the e-mail is
 * known or not, and everything that differs (the lookup, the token, the mail) happens
 * after it, so neither the reply nor its timing says which e-mails exist. An account
 * gets a few links an hour at most, however many clients ask: a victim cannot be
 * flooded, nor their last link kept dead by newer ones.
 */
export async function requestPasswordRecovery(
	deps: ServiceDeps,
	email: string,
	acceptLanguage: string | undefined,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await deps.limiter.take(deps, "recovery", meta.ip);
	const locale = negotiateLocale(acceptLanguage);
	deps.background.run(async () => {
		const user = await findUserByEmail(deps, email);
		if (!user?.isActive || !(await deps.limiter.tryTake(deps, "recoveryPerAccount", user.id))) return;
		// Under an enforced provider the address signs in there: no link (the answer is the same).
		if (passwordRefused(deps.config, user.email, user)) {
			await atomically(deps, async (deps) => recordEnforcedRefusal(deps, user.email, user, meta, "password_recovery"));
			return;
		}
		deps.mailer.send({ to: user.email, ...(await resetEmailFor(deps, user, locale, meta)) });
	});
	return RECOVERY_SENT;
}

/** For superusers: the HTML of the e-mail the user would get (with a live link, made while they still are one). */
export async function recoveryEmailHtml(
	deps: ServiceDeps,
	actor: Authenticated,
	email: string,
	acceptLanguage: string | undefined,
): Promise<string> {
	return await atomicallyAsAdmin(deps, actor, async (deps, now) => {
		const user = (await findUserByEmail(deps, email)) ?? fail("USER_EMAIL_NOT_FOUND");
		// A live link to one's own password would skip the current one: that is changed in Settings.
		if (user.id === now.user.id) fail("OWN_ACCOUNT_IN_SETTINGS");
		return (await resetEmailFor(deps, user, negotiateLocale(acceptLanguage))).html;
	});
}

/**
 * Spends a reset token: it is deleted in the same statement that finds it, so of two
 * concurrent uses only one wins. Then the password changes, every session of the user
 * ends and the failed-login back-off is cleared.
 */
export async function resetPassword(
	deps: ServiceDeps,
	input: ResetPasswordInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await deps.limiter.take(deps, "reset", meta.ip);
	if (!TOKEN_SHAPE.test(input.token)) fail("INVALID_RESET_TOKEN");
	const spent = await first(
		deps.db
			.delete(resetTokens)
			.where(eq(resetTokens.tokenHash, hashSecretHex(input.token)))
			.returning(),
	);
	if (!spent || spent.expiresAt <= deps.clock()) return fail("INVALID_RESET_TOKEN");
	const user = (await findUserById(deps, spent.userId)) ?? fail("INVALID_RESET_TOKEN");
	// A link sent before the provider enforced its domain: spent, and refused.
	if (passwordRefused(deps.config, user.email, user)) {
		await atomically(deps, async (deps) => recordEnforcedRefusal(deps, user.email, user, meta, "password_reset"));
		return fail("PASSWORD_SIGN_IN_DISABLED");
	}
	if (!user.isActive) fail("INACTIVE_USER");
	const hashedPassword = await deps.passwords.hash(input.new_password, hashKeys(user.email, meta.requestId));
	// While hashing, the password may have changed (which ends every link, this one too),
	// or the account been deactivated or deleted: the link then changes nothing.
	const outcome = await atomically(deps, async (deps) => {
		const now = await findUserById(deps, user.id);
		if (!now || now.hashedPassword !== user.hashedPassword || now.email !== user.email)
			return fail("INVALID_RESET_TOKEN");
		if (!now.isActive) fail("INACTIVE_USER");
		// Demoted from superuser while the new password was hashed.
		if (passwordRefused(deps.config, now.email, now)) {
			await recordEnforcedRefusal(deps, now.email, now, meta, "password_reset");
			return "enforced";
		}
		await setPassword(deps, now, hashedPassword);
		// An account recovery: whoever held the account may have left a token behind.
		await revokeAllTokensOf(deps, now, "password_reset", meta);
		// The link reached this very address (an e-mail change kills reset links): it is proved,
		// so an invited user who sets a password by the invitation is not asked to verify.
		if (!now.emailVerified) await deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, now.id));
		await recordAudit(deps, { action: "password.reset", subject: now, meta, details: { by: "link" } });
		return "reset";
	});
	if (outcome === "enforced") return fail("PASSWORD_SIGN_IN_DISABLED");
	sendNotice(deps, user, { kind: "passwordChanged" }, meta);
	return { message: "Password updated successfully" };
}
