import { describe, expect, it } from "vitest";
import { reasonOfDetail, sharedDetails } from "../../../client/api/rest-errors.ts";
import { type ErrorReason, errorTexts } from "../../../shared/errors.ts";
import { loadAllLocales } from "../../../shared/i18n/i18n-util.sync.ts";
import { i18nObject, locales } from "../../../shared/i18n/i18n-util.ts";

loadAllLocales();

/** Each REST text and the reasons that answer with it. */
function reasonsByText(): Map<string, ErrorReason[]> {
	const byText = new Map<string, ErrorReason[]>();
	for (const [reason, text] of Object.entries(errorTexts) as [ErrorReason, string][]) {
		byText.set(text, [...(byText.get(text) ?? []), reason]);
	}
	return byText;
}

describe("a REST detail read back as a reason", () => {
	it("names one reason per text, except the texts the spec gives twice (sharedDetails)", () => {
		const twice = [...reasonsByText()].filter(([, reasons]) => reasons.length > 1).map(([text]) => text);
		expect(twice.sort()).toEqual(Object.keys(sharedDetails).sort());
		for (const [text, reason] of reasonsByText()) if (reason.length === 1) expect(reasonOfDetail(text)).toBe(reason[0]);
	});

	it("reads a shared text as its listed reason, whose message is every sharer's in every language", () => {
		for (const [text, reason] of Object.entries(sharedDetails)) {
			expect(reasonOfDetail(text)).toBe(reason);
			const sharers = reasonsByText().get(text) ?? [];
			expect(sharers).toContain(reason);
			for (const locale of locales) {
				const reasons = i18nObject(locale).api.reasons;
				for (const sharer of sharers) expect(reasons[sharer](), `${locale} ${sharer}`).toBe(reasons[reason]());
			}
		}
	});

	it("reads any other text as no reason", () => {
		expect(reasonOfDetail("Not a server text")).toBeNull();
	});
});
