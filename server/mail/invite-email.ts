import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { type RenderedMail, renderMail } from "./layout.ts";
import { translations } from "./locale.ts";

export type InviteEmailInput = { locale: Locales; name: string; email: string; link: string; validForMs: number };

/** The invitation: an account an admin made, and the link to choose its first password. */
export function renderInviteEmail({ locale, name, email, link, validForMs }: InviteEmailInput): RenderedMail {
	const t = translations(locale).mail.invite;
	return renderMail(locale, {
		subject: t.subject(),
		name,
		intro: [t.intro({ email }), t.choose()],
		action: { label: t.button(), link, validForMs },
		outro: [t.ignore()],
	});
}

export type ProviderInviteEmailInput = { locale: Locales; name: string; email: string; provider: string; link: string };

/**
 * The invitation where the address's domain signs in through its provider only
 * (`OIDC_<ID>_ENFORCE`): no password to choose, the login page to sign in there.
 */
export function renderProviderInviteEmail({
	locale,
	name,
	email,
	provider,
	link,
}: ProviderInviteEmailInput): RenderedMail {
	const t = translations(locale).mail.invite;
	return renderMail(locale, {
		subject: t.provider.subject(),
		name,
		intro: [t.intro({ email }), t.provider.signIn({ provider })],
		action: { label: t.provider.button({ provider }), link },
		outro: [t.provider.ignore()],
	});
}
