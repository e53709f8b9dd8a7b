import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkConfig, configs } from "../../../scripts/db-check.ts";

describe("db:check (both drizzle-kit generate runs clean)", () => {
	it.each(configs)("%s: nothing to generate", async (config) => {
		const check = await checkConfig(config);
		expect(check.output).toContain("No schema changes");
		expect(check.clean).toBe(true);
	});

	it("refuses a schema its migrations lack, without writing to the real folder", async () => {
		const before = readdirSync("migrations-pg");
		const check = await checkConfig("tests/unit/scripts/fixtures/drizzle.drifted.config.ts");
		expect(check.clean).toBe(false);
		expect(check.output).toContain("drift");
		expect(readdirSync("migrations-pg")).toEqual(before);
	});
});
