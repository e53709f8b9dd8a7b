import type { UserRow } from "../db/schema.ts";
import { negotiateLocale } from "../mail/locale.ts";
import { renderSecurityNotice, type SecurityNoticeKind } from "../mail/security-notice-email.ts";
import type { RequestMeta, ServiceDeps } from "./deps.ts";

/**
 * Tells the owner of an account, by e-mail in the language of the request that caused it,
 * that its two-factor protection or its passkeys changed, or that a recovery code was
 * spent. Call it after the change committed; the mail goes out after the reply.
 * The one door the two-factor and passkey rules use for notices, so it can later hand
 * over to a shared notices module without touching them.
 */
export function sendSecurityNotice(
	deps: ServiceDeps,
	user: Pick<UserRow, "email" | "fullName">,
	kind: SecurityNoticeKind,
	meta: RequestMeta | undefined,
	facts: { remaining?: number; passkeyName?: string } = {},
): void {
	const mail = renderSecurityNotice({
		locale: negotiateLocale(meta?.acceptLanguage),
		name: user.fullName || user.email,
		kind,
		...facts,
	});
	deps.mailer.send({ to: user.email, ...mail });
}
