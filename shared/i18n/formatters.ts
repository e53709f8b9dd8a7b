import type { FormattersInitializer } from "typesafe-i18n";
import type { Formatters, Locales } from "./i18n-types.js";
import { formatWait } from "./intl-locale.js";

/** Formatters the dictionaries call by name (`{seconds|wait}`), in the dictionary's language. */
export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale) => {
	const formatters: Formatters = {
		wait: (seconds: number) => formatWait(seconds, locale),
	};
	return formatters;
};
