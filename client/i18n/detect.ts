import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { baseLocale, locales } from "../../shared/i18n/i18n-util.ts";

export { directionOf } from "../../shared/i18n/direction.ts";

/** typesafe-i18n's list of our languages, the base one first (the language menu's order). */
export const SUPPORTED_LOCALES: readonly Locales[] = [baseLocale, ...locales.filter((l) => l !== baseLocale)];
export const FALLBACK_LOCALE: Locales = baseLocale;
export const LANG_STORAGE_KEY = "lang";

/** Only the language part of a code counts: "fr-CA" is "fr", "AR_eg" is "ar". */
export function toLocale(code: string | null | undefined): Locales | null {
	const part = (code ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
	return (SUPPORTED_LOCALES as readonly string[]).includes(part) ? (part as Locales) : null;
}

export type LocaleSources = {
	stored: string | null | undefined;
	browser: readonly string[];
	htmlLang: string | null | undefined;
};

/** Detection order: the stored choice, the browser's languages, the page's lang tag. */
export function detectLocale({ stored, browser, htmlLang }: LocaleSources): Locales {
	const candidates = [stored, ...browser, htmlLang];
	for (const code of candidates) {
		const locale = toLocale(code);
		if (locale) return locale;
	}
	return FALLBACK_LOCALE;
}
