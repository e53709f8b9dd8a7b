import type { FormattersInitializer } from "typesafe-i18n";
import type { Formatters, Locales } from "./i18n-types.js";
import { formatWait, intlLocale } from "./intl-locale.js";

/** Formatters the dictionaries call by name (`{seconds|wait}`), in the dictionary's language. */
export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale) => {
	const formatters: Formatters = {
		wait: (seconds: number) => formatWait(seconds, locale),
		/** A count with the locale's digit grouping: "12,345", "12 345". */
		grouped: (value: number) => new Intl.NumberFormat(intlLocale(locale)).format(value),
	};
	return formatters;
};
