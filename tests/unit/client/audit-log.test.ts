import { afterEach, describe, expect, it } from "vitest";
import {
	attachmentName,
	auditExportUrl,
	auditListInput,
	endOfLocalDay,
	isDay,
	NO_FILTERS,
	readAuditParams,
	startOfLocalDay,
	withFilters,
} from "../../../client/features/audit-log/audit-filters.ts";
import { auditQuerySchema } from "../../../shared/schemas/audit.ts";

const zone = process.env.TZ;
afterEach(() => {
	if (zone === undefined) delete process.env.TZ;
	else process.env.TZ = zone;
});

describe("the audit log's URL", () => {
	it("reads the filters and the page, leaving out what is unusable", () => {
		expect(
			readAuditParams(new URLSearchParams("action=auth.login&user=%20Ada@&since=2025-03-01&until=2025-03-31&page=3")),
		).toEqual({
			filters: { action: "auth.login", user: "Ada@", since: "2025-03-01", until: "2025-03-31" },
			page: 3,
		});
		expect(readAuditParams(new URLSearchParams("action=auth.nope&since=2025-02-30&until=yesterday&page=-2"))).toEqual({
			filters: NO_FILTERS,
			page: 1,
		});
	});

	it("a change of filters drops empty ones and starts again at page 1, keeping the rest", () => {
		const before = new URLSearchParams("action=auth.login&user=ada&page=4&other=kept");
		expect(withFilters(before, { user: "" }).toString()).toBe("action=auth.login&other=kept");
		expect(withFilters(before, { action: null, since: "2025-01-02" }).toString()).toBe(
			"user=ada&other=kept&since=2025-01-02",
		);
	});

	it("knows a day from a string that only looks like one", () => {
		expect(isDay("2024-02-29")).toBe(true);
		expect(isDay("2025-02-29")).toBe(false);
		expect(isDay("2025-13-01")).toBe(false);
		expect(isDay("2025-1-01")).toBe(false);
		expect(isDay("")).toBe(false);
	});
});

describe("the audit log's days are the user's own", () => {
	it("a day runs from its local midnight to its last millisecond, also across a DST change", () => {
		process.env.TZ = "Europe/Paris";
		expect(startOfLocalDay("2025-01-15")).toBe("2025-01-14T23:00:00.000Z");
		expect(endOfLocalDay("2025-01-15")).toBe("2025-01-15T22:59:59.999Z");
		// Summer time begins on 30 March 2025: that day has 23 hours.
		expect(startOfLocalDay("2025-03-30")).toBe("2025-03-29T23:00:00.000Z");
		expect(endOfLocalDay("2025-03-30")).toBe("2025-03-30T21:59:59.999Z");
	});

	it("the list asks for one page of 20 with the filters as instants the API accepts", () => {
		process.env.TZ = "America/New_York";
		const input = auditListInput({ action: "password.change", user: "ada", since: "2025-03-10", until: "" }, 3);
		expect(input).toEqual({
			action: ["password.change"],
			user: "ada",
			since: "2025-03-10T04:00:00.000Z",
			skip: 40,
			limit: 20,
		});
		expect(auditQuerySchema.safeParse(input).success).toBe(true);
		expect(auditListInput(NO_FILTERS, 1)).toEqual({ skip: 0, limit: 20 });
	});

	it("the export asks for the same filters, without paging", () => {
		process.env.TZ = "UTC";
		expect(auditExportUrl(NO_FILTERS)).toBe("/api/v1/audit/export.csv");
		expect(
			auditExportUrl({ action: "auth.login", user: "ada@example.com", since: "2025-03-10", until: "2025-03-11" }),
		).toBe(
			"/api/v1/audit/export.csv?action=auth.login&user=ada%40example.com&since=2025-03-10T00%3A00%3A00.000Z&until=2025-03-11T23%3A59%3A59.999Z",
		);
	});

	it("names the download as the server says, or plainly", () => {
		expect(attachmentName('attachment; filename="audit-2025-03-10.csv"')).toBe("audit-2025-03-10.csv");
		expect(attachmentName('attachment; filename="../../etc/passwd"')).toBe("audit.csv");
		expect(attachmentName(null)).toBe("audit.csv");
	});
});
