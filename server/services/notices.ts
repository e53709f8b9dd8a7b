import type { UserRow } from "../db/schema.ts";
import { negotiateLocale } from "../mail/locale.ts";
import { type Notice, renderNotice } from "../mail/notices.ts";
import type { RequestMeta, ServiceDeps } from "./deps.ts";

export type { Notice } from "../mail/notices.ts";

/**
 * Tells the owner of an account, by e-mail, that something changed on it (their password,
 * their address, ...), in the language of the request that changed it. Call it after the
 * change has committed; the mail goes out after the reply. It goes to `user.email`: for
 * an e-mail change, pass the account as it was, so the old address hears of it.
 */
export function sendNotice(
	deps: ServiceDeps,
	user: Pick<UserRow, "email" | "fullName">,
	notice: Notice,
	meta: Pick<RequestMeta, "acceptLanguage"> | undefined,
): void {
	const mail = renderNotice(negotiateLocale(meta?.acceptLanguage), user.fullName || user.email, notice);
	deps.mailer.send({ to: user.email, ...mail });
}
