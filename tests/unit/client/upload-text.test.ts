import { describe, expect, it } from "vitest";
import { restDetailText } from "../../../client/lib/error-text.ts";
import { errorTexts } from "../../../shared/errors.ts";
import { loadAllLocales } from "../../../shared/i18n/i18n-util.sync.ts";
import { i18nObject } from "../../../shared/i18n/i18n-util.ts";

loadAllLocales();

describe("upload errors in the user's language", () => {
	it("translates the server's REST detail by its reason, and leaves an unknown text as it is", () => {
		const fr = i18nObject("fr");
		const ar = i18nObject("ar");
		expect(restDetailText(errorTexts.FILE_TOO_LARGE, fr)).toBe(fr.api.reasons.FILE_TOO_LARGE());
		expect(restDetailText(errorTexts.UNSUPPORTED_MEDIA, ar)).toBe(ar.api.reasons.UNSUPPORTED_MEDIA());
		expect(restDetailText(errorTexts.FILE_TOO_LARGE, fr)).not.toBe(errorTexts.FILE_TOO_LARGE);
		expect(restDetailText("HTTP 502", fr)).toBe("HTTP 502");
	});
});
