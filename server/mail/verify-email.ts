import { isolate } from "../../shared/i18n/direction.ts";
import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { type RenderedMail, renderMail } from "./layout.ts";
import { translations } from "./locale.ts";

export type VerifyEmailInput = { locale: Locales; name: string; email: string; link: string; validForMs: number };

/** The link that proves the recipient owns the address. */
export function renderVerifyEmail({ locale, name, email, link, validForMs }: VerifyEmailInput): RenderedMail {
	const t = translations(locale).mail.verify;
	return renderMail(locale, {
		subject: t.subject(),
		name,
		intro: [t.intro({ email: isolate(email) })],
		action: { label: t.button(), link, validForMs },
		outro: [t.ignore()],
	});
}
