import type { FormattersInitializer } from "typesafe-i18n";
import type { Formatters, Locales } from "./i18n-types.js";

/** No custom formatters yet; typesafe-i18n needs the initializer anyway. */
export const initFormatters: FormattersInitializer<Locales, Formatters> = () => {
	const formatters: Formatters = {};
	return formatters;
};
