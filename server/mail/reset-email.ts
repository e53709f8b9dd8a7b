import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { type RenderedMail, renderMail } from "./layout.ts";
import { translations } from "./locale.ts";

/** What a "This wasn't me" revert took off the account: kinds and counts (a passkey's name is the thief's text). */
export type RemovedByRevert = { passkeys: number; twoFactor: boolean };

export type ResetEmailInput = {
	locale: Locales;
	name: string;
	link: string;
	validForMs: number;
	removed?: RemovedByRevert;
};

/** The password reset e-mail; after a revert it also says what was removed and asks the owner to add their own. */
export function renderResetEmail({ locale, name, link, validForMs, removed }: ResetEmailInput): RenderedMail {
	const t = translations(locale).mail.reset;
	const r = t.revertRemoved;
	const anything = removed !== undefined && (removed.twoFactor || removed.passkeys > 0);
	return renderMail(locale, {
		subject: t.subject(),
		name,
		intro: [
			t.intro(),
			...(anything
				? [
						r.intro(),
						...(removed.twoFactor ? [r.twoFactor()] : []),
						...(removed.passkeys > 0 ? [r.passkeys({ count: removed.passkeys })] : []),
						r.addAgain(),
					]
				: []),
		],
		action: { label: t.button(), link, validForMs },
		outro: [t.ignore()],
	});
}
