import { describe, expect, it } from "vitest";
import { durationText } from "../../../client/features/sign-in-providers/duration-text.ts";

describe("a provider's session length on the admin's page", () => {
	it("in the largest whole unit, in the UI language, Latin digits in Arabic", () => {
		expect(durationText(86_400, "en")).toBe("1 day");
		expect(durationText(8 * 3600, "en")).toBe("8 hours");
		expect(durationText(90 * 60, "en")).toBe("90 minutes");
		expect(durationText(45, "en")).toBe("45 seconds");
		expect(durationText(2 * 86_400, "fr").replace(/\s/g, " ")).toBe("2 jours");
		expect(durationText(12 * 3600, "ar")).toMatch(/12/);
	});
});
