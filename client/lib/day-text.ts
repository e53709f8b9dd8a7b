/**
 * A day (`YYYY-MM-DD`) written and read in the UI language's numeric order, not the
 * browser's: "11/07/2026" in English, "07/11/2026" in French and Arabic (Latin digits).
 * A native date box follows the browser's locale whatever the UI says, so the audit log's
 * day filters are text boxes that speak through these.
 */
import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { intlLocale } from "../../shared/i18n/intl-locale.ts";

type DayPart = "day" | "month" | "year";
const NUMERIC = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
const isDayPart = (type: string): type is DayPart => type === "day" || type === "month" || type === "year";

/** The order the locale writes a day's parts in. */
export function dayOrder(locale: Locales): DayPart[] {
	return new Intl.DateTimeFormat(intlLocale(locale), NUMERIC)
		.formatToParts(new Date(2000, 10, 23))
		.map((part) => part.type)
		.filter(isDayPart);
}

/** "MM/DD/YYYY", "JJ/MM/AAAA": the locale's order spelt with the language's letters. */
export const dayPattern = (locale: Locales, letters: Record<DayPart, string>): string =>
	dayOrder(locale)
		.map((part) => letters[part])
		.join("/");

/** `YYYY-MM-DD` as the locale writes it; "" for none. */
export function formatDay(day: string, locale: Locales): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
	if (!match) return "";
	const values: Record<DayPart, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
	return dayOrder(locale)
		.map((part) => values[part])
		.join("/");
}

/** What the user typed in the locale's order, as `YYYY-MM-DD`; null if it is no real day. */
export function parseDay(text: string, locale: Locales): string | null {
	const numbers = text.match(/\d+/g) ?? [];
	if (numbers.length !== 3) return null;
	const order = dayOrder(locale);
	const at = (part: DayPart) => numbers[order.indexOf(part)] ?? "";
	if (at("year").length !== 4) return null;
	const values = { year: Number(at("year")), month: Number(at("month")), day: Number(at("day")) };
	const date = new Date(Date.UTC(values.year, values.month - 1, values.day));
	if (date.getUTCMonth() !== values.month - 1 || date.getUTCDate() !== values.day) return null;
	return date.toISOString().slice(0, 10);
}
