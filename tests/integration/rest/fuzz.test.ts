import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { type RestRoute, restRoutes, type TrpcProcedure, trpcProcedures } from "../../helpers/fuzz.ts";
import { type AuthMode, restCase, trpcCase } from "../../helpers/fuzz-requests.ts";
import { describeCase, expectAlive, FuzzWorld, toRequest } from "../../helpers/fuzz-runner.ts";

/**
 * The seeded storms over every route are in fuzz-rest, fuzz-trpc and fuzz-forms (one
 * file each, so they run on parallel workers). Here: what the storms cannot show alone.
 */

const NIL_ID = "00000000-0000-0000-0000-000000000000";

/** The routes that answer 401 to a call without credentials (and an empty input). */
async function guardedRoutes(app: FastifyInstance) {
	const rest: RestRoute[] = [];
	for (const route of await restRoutes(app)) {
		const withBody = route.method !== "GET" && route.method !== "DELETE";
		const res = await app.inject({
			method: route.method as "GET",
			url: route.path.replace(/\{[^}]+\}/g, NIL_ID),
			...(withBody && { headers: { "content-type": "application/json" }, payload: "{}" }),
		});
		if (res.statusCode === 401) rest.push(route);
	}
	const trpc: TrpcProcedure[] = [];
	for (const procedure of trpcProcedures()) {
		const res = await app.inject(
			procedure.type === "query"
				? { method: "GET", url: `/trpc/${procedure.path}` }
				: {
						method: "POST",
						url: `/trpc/${procedure.path}`,
						headers: { "content-type": "application/json" },
						payload: "{}",
					},
		);
		if (res.statusCode === 401) trpc.push(procedure);
	}
	return { rest, trpc };
}

describe("fuzz: malformed input at every route", () => {
	it("a multipart body to tRPC is a 415, not a 500 from the adapter", async () => {
		const { app } = await buildTestApp();
		const res = await app.inject({
			method: "POST",
			url: "/trpc/auth.login",
			headers: { "content-type": "multipart/form-data; boundary=x" },
			payload: "--x\r\ngarbage",
		});
		expect(res.statusCode).toBe(415);
		expect(res.json().error.data.code).toBe("UNSUPPORTED_MEDIA_TYPE");
	});

	it("behind a login, garbage credentials get exactly what no credentials get, for the same seeded requests", async () => {
		// A real clock, as the storms have: rate limits refill as they would for a client.
		const { app } = await buildTestApp({ clock: "real" });
		const guarded = await guardedRoutes(app);
		const names = guarded.rest.map((route) => `${route.method} ${route.path}`);
		expect(names).toContain("GET /api/v1/users/me");
		expect(names).toContain("POST /api/v1/media/upload");
		expect(guarded.trpc.map((procedure) => procedure.path)).toContain("users.deleteMe");
		expect(guarded.rest.length + guarded.trpc.length).toBeGreaterThan(40);

		const world = await FuzzWorld.create(app);
		const seed = 7;
		const cases = fc.sample(fc.oneof(...guarded.rest.map(restCase), trpcCase(guarded.trpc)), { seed, numRuns: 600 });
		const differing: string[] = [];
		const refusedAsGarbage = new Set<string>();
		for (const [index, c] of cases.entries()) {
			const garbage: AuthMode = index % 2 ? "garbage-bearer" : "garbage-cookie";
			const none = await app.inject(await toRequest(world, { ...c, auth: "none" }));
			const bad = await app.inject(await toRequest(world, { ...c, auth: garbage }));
			if (bad.statusCode === 401) refusedAsGarbage.add(c.route);
			if (bad.statusCode !== none.statusCode) {
				differing.push(
					`#${index} (seed ${seed}) ${garbage}: ${bad.statusCode} where none got ${none.statusCode}: ${describeCase(c)}`,
				);
			}
		}
		console.info(
			`fuzz "guarded": ${cases.length * 2} requests over ${names.length + guarded.trpc.length} guarded routes`,
		);
		expect(differing).toEqual([]);
		// Every guarded REST route refused the garbage as such at least once.
		expect(names.filter((name) => !refusedAsGarbage.has(name))).toEqual([]);
		await expectAlive(app);
	}, 120_000);
});
