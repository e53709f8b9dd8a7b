/**
 * Numbers, dates and relative times in the UI language, through Intl. Every screen formats
 * here, so the choices hold everywhere: Arabic keeps Latin digits (intlLocale), dates are
 * the locale's medium style, times in the browser's time zone (docs/decisions: locale formats).
 */
import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { intlLocale } from "../../shared/i18n/intl-locale.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest unit that fits, so "5 minutes ago" rather than "300 seconds ago". */
const steps: { unit: Intl.RelativeTimeFormatUnit; seconds: number; below: number }[] = [
	{ unit: "minute", seconds: MINUTE, below: HOUR },
	{ unit: "hour", seconds: HOUR, below: DAY },
	{ unit: "day", seconds: DAY, below: 30 * DAY },
	{ unit: "month", seconds: 30 * DAY, below: 365 * DAY },
	{ unit: "year", seconds: 365 * DAY, below: Number.POSITIVE_INFINITY },
];

/** A number in the locale's own way: "168,5" in French, "1,234" in English, Latin digits in Arabic. */
export const formatNumber = (value: number, locale: Locales, options?: Intl.NumberFormatOptions): string =>
	new Intl.NumberFormat(intlLocale(locale), options).format(value);

/**
 * "5 minutes ago", "yesterday", "now" in the UI language (Intl.RelativeTimeFormat).
 * Anything under a minute is "now": the server writes a session's last use once a minute.
 */
export function relativeTime(when: string | Date, now: number, locale: Locales): string {
	const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: "auto" });
	const seconds = (new Date(when).getTime() - now) / 1000;
	const size = Math.abs(seconds);
	if (size < MINUTE) return format.format(0, "second");
	const step = steps.find((candidate) => size < candidate.below) ?? (steps.at(-1) as (typeof steps)[number]);
	return format.format(Math.round(seconds / step.seconds), step.unit);
}

/** A date in the locale's own format ("Nov 23, 2026", "23 nov. 2026"). */
export const localDate = (when: string | Date, locale: Locales): string =>
	new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium" }).format(new Date(when));

/** A date and time in the locale's own format, for a tooltip or a screen reader. */
export const localDateTime = (when: string | Date, locale: Locales): string =>
	new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short" }).format(new Date(when));

/** A date and time to the second, where events follow each other closely (the audit log). */
export const localDateTimeSeconds = (when: string | Date, locale: Locales): string =>
	new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "medium" }).format(new Date(when));

/** A text that opens a line: "Now", "Yesterday" (Intl gives them in lower case, made to follow a word). */
export const capitalized = (text: string, locale: Locales): string =>
	text.charAt(0).toLocaleUpperCase(intlLocale(locale)) + text.slice(1);
