import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { restRoutes } from "../../helpers/fuzz.ts";
import { restCase } from "../../helpers/fuzz-requests.ts";
import { expectAlive, fuzz } from "../../helpers/fuzz-runner.ts";

const RUNS = 2000;
const isForm = (contentType: string) =>
	contentType.startsWith("multipart/") || contentType === "application/x-www-form-urlencoded";

describe("fuzz: every REST route that takes a form (the upload, the move, the login)", () => {
	it(`${RUNS} seeded multipart and url-encoded requests: no 5xx`, async () => {
		// A real clock: the rate limits refill during the storm as they would for a client.
		const { app } = await buildTestApp({ clock: "real" });
		const routes = (await restRoutes(app)).filter((route) => Object.keys(route.bodies).some(isForm));
		const names = routes.map((route) => `${route.method} ${route.path}`);
		expect(names).toContain("POST /api/v1/media/upload");
		expect(names).toContain("PATCH /api/v1/media/{file_id}/move");
		const report = await fuzz(app, fc.oneof(...routes.map(restCase)), { name: "forms", seed: 20261124, runs: RUNS });
		expect(report.failures).toEqual([]);
		expect(report.requests).toBe(RUNS);
		// Images went through: some uploads were stored, others refused for their bytes.
		expect(report.statuses.get(200)).toBeGreaterThan(50);
		expect(report.statuses.get(415)).toBeGreaterThan(10);
		await expectAlive(app);
	}, 180_000);
});
