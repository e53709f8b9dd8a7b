import Negotiator from "negotiator";
import type { Locales, TranslationFunctions } from "../../shared/i18n/i18n-types.ts";
import { loadAllLocales } from "../../shared/i18n/i18n-util.sync.ts";
import { baseLocale, i18nObject, locales } from "../../shared/i18n/i18n-util.ts";

// The server renders e-mails in every language: all dictionaries are loaded once.
loadAllLocales();

/** The base language first, so a header of `*` (or none) gets it rather than the first in the list. */
const available = [baseLocale, ...locales.filter((locale) => locale !== baseLocale)];

/**
 * The recipient's language from the request's Accept-Language (the SPA sends the page's
 * language): q-values honoured, `fr-CA` counts as `fr`; the base language when none fits.
 */
export function negotiateLocale(acceptLanguage: string | undefined): Locales {
	if (!acceptLanguage) return baseLocale;
	const chosen = new Negotiator({ headers: { "accept-language": acceptLanguage.slice(0, 1000) } }).language(available);
	return (chosen as Locales | undefined) ?? baseLocale;
}

/** The typed dictionary of one language, as the client uses it. */
export const translations = (locale: Locales): TranslationFunctions => i18nObject(locale);
