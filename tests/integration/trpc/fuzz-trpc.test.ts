import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { trpcProcedures } from "../../helpers/fuzz.ts";
import { trpcCase } from "../../helpers/fuzz-requests.ts";
import { expectAlive, fuzz } from "../../helpers/fuzz-runner.ts";

const RUNS = 4000;

describe("fuzz: every tRPC procedure", () => {
	it(`${RUNS} seeded calls, single and batched, queries and mutations: no 5xx`, async () => {
		// A real clock: the rate limits refill during the storm as they would for a client.
		const { app } = await buildTestApp({ clock: "real" });
		const procedures = trpcProcedures();
		expect(procedures.length).toBeGreaterThan(20);
		const report = await fuzz(app, trpcCase(procedures), { name: "trpc", seed: 20261123, runs: RUNS });
		expect(report.failures).toEqual([]);
		expect(report.requests).toBe(RUNS);
		const called = [...report.byRoute.keys()];
		expect(procedures.filter((p) => !called.some((route) => route.endsWith(`/trpc/${p.path}`)))).toEqual([]);
		expect(called.filter((route) => route.includes("[batch")).length).toBeGreaterThan(10);
		await expectAlive(app);
	}, 180_000);
});
