import { describe, expect, it } from "vitest";
import { formatNumber, localDate, localDateTime, relativeTime } from "../../../client/lib/locale-format.ts";
import { loadAllLocales } from "../../../shared/i18n/i18n-util.sync.ts";
import { i18nObject } from "../../../shared/i18n/i18n-util.ts";
import { intlLocale } from "../../../shared/i18n/intl-locale.ts";

loadAllLocales();

const NOW = Date.parse("2026-11-23T12:00:00Z");
/** Arabic-Indic digits (٠-٩) and Eastern Arabic-Indic digits (۰-۹). */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

describe("values in the UI language", () => {
	it("numbers: French decimal comma, English point, Arabic with Latin digits", () => {
		expect(formatNumber(168.5, "fr")).toBe("168,5");
		expect(formatNumber(168.5, "en")).toBe("168.5");
		expect(formatNumber(168.5, "ar")).toMatch(/^168.5$/);
		expect(formatNumber(12345, "ar")).not.toMatch(ARABIC_DIGITS);
	});

	it("Arabic asks Intl for Latin digits by name: the default digits of 'ar' differ between ICU versions", () => {
		// Older browsers write ١٦٨٫٥ for plain "ar"; Node and today's Chromium write 168.5.
		expect(intlLocale("ar")).toBe("ar-u-nu-latn");
		expect(new Intl.NumberFormat("ar-u-nu-arab").format(168.5)).toMatch(ARABIC_DIGITS);
		expect(intlLocale("fr")).toBe("fr");
	});

	it("Arabic dates and relative times keep Latin digits, as the stated choice says", () => {
		const when = new Date(NOW - 5 * 60_000);
		for (const text of [localDate(when, "ar"), localDateTime(when, "ar"), relativeTime(when, NOW, "ar")]) {
			expect(text).toMatch(/\d/);
			expect(text).not.toMatch(ARABIC_DIGITS);
		}
	});

	it("dates follow the language's own pattern", () => {
		expect(localDate("2026-11-23T12:00:00Z", "en")).toBe("Nov 23, 2026");
		expect(localDate("2026-11-23T12:00:00Z", "fr")).toBe("23 nov. 2026");
	});

	it("the admin list's count groups digits and still picks the plural by the number", () => {
		const en = i18nObject("en");
		const fr = i18nObject("fr");
		expect(en.admin.resultCount({ count: 1 })).toBe("1 user");
		expect(en.admin.resultCount({ count: 12345 })).toBe("12,345 users");
		expect(fr.admin.resultCount({ count: 12345 }).replace(/\s/g, " ")).toBe("12 345 utilisateurs");
		expect(i18nObject("ar").admin.resultCount({ count: 12345 })).not.toMatch(ARABIC_DIGITS);
	});
});
