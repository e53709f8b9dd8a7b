import { and, eq } from "drizzle-orm";
import type { EmailLinkInput, EmailVerificationMode } from "../../../shared/schemas/email-links.ts";
import { first } from "../../db/query.ts";
import { type UserRow, users } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { negotiateLocale } from "../../mail/locale.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { renderVerifyEmail } from "../../mail/verify-email.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { issueAccountToken, spendAccountToken, VERIFY_LINK_TTL_MS } from "../links/email-links.ts";
import { atomicallyAs } from "../sessions/acting-session.ts";
import type { Authenticated } from "../sessions/session.ts";

type Recipient = Pick<UserRow, "id" | "email" | "fullName">;

/** The link is built from PUBLIC_URL, never from the request's Host. */
const verifyLink = (deps: ServiceDeps, token: string) =>
	`${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * A new verification link for the account's current address (older ones die), as the
 * e-mail to send once the caller's transaction has committed.
 */
async function verificationMail(
	deps: ServiceDeps,
	user: Recipient,
	meta: RequestMeta | undefined,
): Promise<MailMessage> {
	const token = await issueAccountToken(deps, user.id, "email_verify", user.email, VERIFY_LINK_TTL_MS);
	const mail = renderVerifyEmail({
		locale: negotiateLocale(meta?.acceptLanguage),
		name: user.fullName || user.email,
		email: user.email,
		link: verifyLink(deps, token),
		validForMs: VERIFY_LINK_TTL_MS,
	});
	return { to: user.email, ...mail };
}

/**
 * The verification e-mail that Portico sends by itself (after a sign-up, an e-mail change,
 * a refused login under `required`): none when EMAIL_VERIFICATION is `off`, nor past the
 * account's five verification e-mails an hour (skipped silently: the action it follows
 * still succeeds). Call it inside the transaction of that action; send after the commit.
 */
export async function automaticVerificationMail(
	deps: ServiceDeps,
	user: Recipient,
	meta: RequestMeta | undefined,
): Promise<MailMessage | null> {
	if (deps.config.emailVerification === "off") return null;
	if (!(await deps.limiter.tryTake(deps, "verificationPerAccount", user.id))) return null;
	return await verificationMail(deps, user, meta);
}

export const VERIFICATION_SENT = { message: "Verification email sent" };

/**
 * Sends the caller a new link for their address, whatever EMAIL_VERIFICATION says (a
 * user may always prove an address). An address already proved gets a 400 rather than a
 * message claiming a mail went out; more than five links an hour is a 429.
 */
export async function resendVerification(
	deps: ServiceDeps,
	auth: Authenticated,
	meta: RequestMeta,
): Promise<{ message: string }> {
	const { user } = auth;
	if (user.emailVerified) fail("EMAIL_ALREADY_VERIFIED");
	await deps.limiter.take(deps, "verificationPerAccount", user.id);
	const mail = await atomicallyAs(deps, auth, async (deps, now) => verificationMail(deps, now.user, meta));
	deps.mailer.send(mail);
	return VERIFICATION_SENT;
}

/**
 * Spends a verification link: the address it names is proved, if the account still has
 * that address (a link for an address since changed proves nothing). Anyone holding the
 * link may use it: it was mailed to that address, which is the proof.
 */
export async function verifyEmail(
	deps: ServiceDeps,
	input: EmailLinkInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await deps.limiter.take(deps, "emailLink", meta.ip);
	const verified = await atomically(deps, async (deps) => {
		const spent = await spendAccountToken(deps, "email_verify", input.token);
		if (!spent) return false;
		const row = await first(
			deps.db
				.update(users)
				.set({ emailVerified: true })
				.where(and(eq(users.id, spent.userId), eq(users.email, spent.email)))
				.returning(),
		);
		if (!row) return false;
		await recordAudit(deps, { action: "email.verify", actor: row, subject: row, meta });
		return true;
	});
	// Returned, not thrown inside: the spent (or expired) token stays deleted.
	if (!verified) fail("INVALID_EMAIL_TOKEN");
	return { message: "Email verified" };
}

/** The server's EMAIL_VERIFICATION, for the app's banner. */
export const emailVerificationMode = (deps: ServiceDeps): { mode: EmailVerificationMode } => ({
	mode: deps.config.emailVerification,
});
