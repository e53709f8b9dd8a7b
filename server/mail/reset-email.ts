import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { type RenderedMail, renderMail } from "./layout.ts";
import { translations } from "./locale.ts";

export type ResetEmailInput = { locale: Locales; name: string; link: string; validForMs: number };

/** The password reset e-mail. */
export function renderResetEmail({ locale, name, link, validForMs }: ResetEmailInput): RenderedMail {
	const t = translations(locale).mail.reset;
	return renderMail(locale, {
		subject: t.subject(),
		name,
		intro: [t.intro()],
		action: { label: t.button(), link, validForMs },
		outro: [t.ignore()],
	});
}
