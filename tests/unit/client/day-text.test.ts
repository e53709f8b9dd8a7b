import { describe, expect, it } from "vitest";
import { dayOrder, dayPattern, formatDay, parseDay } from "../../../client/lib/day-text.ts";

describe("a day in the UI language's order, not the browser's (the audit log's day filters)", () => {
	it("writes the parts in each language's order, with Latin digits in Arabic", () => {
		expect(dayOrder("en")).toEqual(["month", "day", "year"]);
		expect(dayOrder("fr")).toEqual(["day", "month", "year"]);
		expect(dayOrder("ar")).toEqual(["day", "month", "year"]);
		expect(formatDay("2026-11-07", "en")).toBe("11/07/2026");
		expect(formatDay("2026-11-07", "fr")).toBe("07/11/2026");
		expect(formatDay("2026-11-07", "ar")).toBe("07/11/2026");
		expect(formatDay("", "en")).toBe("");
		expect(dayPattern("fr", { day: "JJ", month: "MM", year: "AAAA" })).toBe("JJ/MM/AAAA");
	});

	it("reads what was typed in that order; a day that is none is null", () => {
		expect(parseDay("11/07/2026", "en")).toBe("2026-11-07");
		expect(parseDay("7/11/2026", "fr")).toBe("2026-11-07");
		expect(parseDay("07.11.2026", "ar")).toBe("2026-11-07");
		expect(parseDay("31/02/2026", "fr")).toBeNull();
		expect(parseDay("13/13/2026", "en")).toBeNull();
		expect(parseDay("07/11/26", "fr")).toBeNull();
		expect(parseDay("07/11", "fr")).toBeNull();
		expect(parseDay("", "fr")).toBeNull();
	});
});
