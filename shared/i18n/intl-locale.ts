import type { Locales } from "./i18n-types";

/**
 * The locale Intl formats in for a UI language. Arabic keeps Latin digits ("ar-u-nu-latn"):
 * the same digits the user types into the number, phone and date fields, and that e-mail
 * addresses and ids carry, so a screen never mixes two sets (decision record: locale formats).
 */
export const intlLocale = (locale: Locales): string => (locale === "ar" ? "ar-u-nu-latn" : locale);

/** A wait in the largest unit that reads well: "12 seconds", "3 minutes", "2 hours" (rounded up, never 0). */
export function formatWait(seconds: number, locale: Locales): string {
	const whole = Math.max(1, Math.ceil(seconds));
	const [value, unit] =
		whole < 60
			? [whole, "second"]
			: whole < 3600
				? [Math.ceil(whole / 60), "minute"]
				: [Math.ceil(whole / 3600), "hour"];
	return new Intl.NumberFormat(intlLocale(locale), { style: "unit", unit, unitDisplay: "long" }).format(value);
}
