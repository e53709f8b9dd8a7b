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

/**
 * "5 minutes ago", "yesterday", "now" in the UI language (Intl.RelativeTimeFormat).
 * Anything under a minute is "now": the server writes a session's last use once a minute.
 */
export function relativeTime(when: string | Date, now: number, locale: string): string {
	const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
	const seconds = (new Date(when).getTime() - now) / 1000;
	const size = Math.abs(seconds);
	if (size < MINUTE) return format.format(0, "second");
	const step = steps.find((candidate) => size < candidate.below) ?? (steps.at(-1) as (typeof steps)[number]);
	return format.format(Math.round(seconds / step.seconds), step.unit);
}

/** A date in the locale's own format ("Nov 23, 2026", "23 nov. 2026"). */
export const localDate = (when: string | Date, locale: string): string =>
	new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(when));

/** A date and time in the locale's own format, for a tooltip or a screen reader. */
export const localDateTime = (when: string | Date, locale: string): string =>
	new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(when));

/** A text that opens a line: "Now", "Yesterday" (Intl gives them in lower case, made to follow a word). */
export const capitalized = (text: string, locale: string): string =>
	text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
