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
