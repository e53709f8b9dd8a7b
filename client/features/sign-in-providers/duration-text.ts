import type { Locales } from "../../../shared/i18n/i18n-types.ts";
import { intlLocale } from "../../../shared/i18n/intl-locale.ts";

const UNITS = [
	{ unit: "day", seconds: 86_400 },
	{ unit: "hour", seconds: 3_600 },
	{ unit: "minute", seconds: 60 },
	{ unit: "second", seconds: 1 },
] as const;

/** A length of time in the largest whole unit it is ("24 hours", "8 heures", "30 minutes"), in the UI language. */
export function durationText(seconds: number, locale: Locales): string {
	const { unit, seconds: size } =
		UNITS.find((one) => seconds >= one.seconds && seconds % one.seconds === 0) ?? UNITS[3];
	return new Intl.NumberFormat(intlLocale(locale), { style: "unit", unit, unitDisplay: "long" }).format(seconds / size);
}
