import type { UserRow } from "../../db/schema.ts";
import { negotiateLocale } from "../../mail/locale.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { renderNotice } from "../../mail/notices.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { issueAccountToken, REVERT_LINK_TTL_MS } from "../links/email-links.ts";
import { automaticVerificationMail } from "./email-verification.ts";

type Account = Pick<UserRow, "id" | "email" | "fullName" | "emailVerified">;

/** The link is built from PUBLIC_URL, never from the request's Host. */
const revertLink = (deps: ServiceDeps, token: string) =>
	`${deps.config.publicUrl}/revert-email?token=${encodeURIComponent(token)}`;

/**
 * What an owner's e-mail change sends, prepared inside its transaction and sent after the
 * commit: to the old address, `Your e-mail was changed` with a `This wasn't me` link valid
 * 7 days (which also keeps that address for its owner meanwhile); to the new one, a
 * verification link (unless EMAIL_VERIFICATION is off). An old address the account never
 * proved gets nothing and is not kept: it may be anyone's (typed by mistake, or a victim's
 * to flood), and it is free at once.
 */
export async function ownEmailChangeMails(
	deps: ServiceDeps,
	before: Account,
	after: Account,
	meta: RequestMeta | undefined,
): Promise<MailMessage[]> {
	const verification = await automaticVerificationMail(deps, after, meta);
	const newAddress = verification ? [verification] : [];
	if (!before.emailVerified) return newAddress;
	const token = await issueAccountToken(deps, before.id, "email_revert", before.email, REVERT_LINK_TTL_MS);
	const notice = renderNotice(negotiateLocale(meta?.acceptLanguage), before.fullName || before.email, {
		kind: "emailChanged",
		newEmail: after.email,
		by: "owner",
		revert: { link: revertLink(deps, token), validForMs: REVERT_LINK_TTL_MS },
	});
	return [{ to: before.email, ...notice }, ...newAddress];
}
