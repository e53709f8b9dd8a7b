import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { restRoutes } from "../../helpers/fuzz.ts";
import { restCase } from "../../helpers/fuzz-requests.ts";
import { expectAlive, fuzz } from "../../helpers/fuzz-runner.ts";

const RUNS = 4000;

describe("fuzz: every REST route of the OpenAPI document", () => {
	it(`${RUNS} seeded requests, shaped by each route's schema or junk, under every kind of credentials: no 5xx`, async () => {
		// A real clock: the rate limits refill during the storm as they would for a client.
		const { app } = await buildTestApp({ clock: "real" });
		const routes = await restRoutes(app);
		expect(routes.length).toBeGreaterThan(30);
		const report = await fuzz(app, fc.oneof(...routes.map(restCase)), {
			name: "rest",
			seed: 20261122,
			runs: RUNS,
		});
		expect(report.failures).toEqual([]);
		expect(report.requests).toBe(RUNS);
		// Every route got its share.
		expect(routes.filter((route) => (report.byRoute.get(`${route.method} ${route.path}`) ?? 0) < 20)).toEqual([]);
		await expectAlive(app);
	}, 180_000);
});
