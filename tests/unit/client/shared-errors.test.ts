import { describe, expect, it } from "vitest";
import { reasonStatus } from "../../../server/http/errors.ts";
import { ruleRefusals } from "../../../shared/errors.ts";

describe("rule refusals", () => {
	it("are exactly the 403 reasons other than 'not enough privileges', so the client keeps the session for them", () => {
		const forbidden = Object.entries(reasonStatus)
			.filter(([reason, { status }]) => status === 403 && reason !== "FORBIDDEN")
			.map(([reason]) => reason)
			.sort();
		expect([...ruleRefusals].sort()).toEqual(forbidden);
	});
});
