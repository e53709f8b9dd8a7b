import type { FastifyInstance, InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../helpers/build-test-app.ts";
import { badSegment, jsonValue, type Rng, rawBody, rng } from "../helpers/fuzz.ts";
import { API } from "../helpers/http.ts";
import { newSession, seedUser } from "../helpers/seed.ts";

/** Every REST route; `{}` marks a path parameter the fuzzer fills with junk. */
const routes = [
	"POST /login/access-token",
	"POST /login/test-token",
	"POST /login/refresh-token",
	"POST /login/logout",
	"POST /login/logout-all",
	"POST /password-recovery/{}",
	"POST /reset-password/",
	"POST /password-recovery-html-content/{}",
	"GET /users/",
	"POST /users/",
	"GET /users/me",
	"PATCH /users/me",
	"PATCH /users/me/password",
	"POST /users/signup",
	"GET /users/{}",
	"PATCH /users/{}",
	"DELETE /users/{}",
	"GET /utils/health-check/",
	"GET /profile/me",
	"PUT /profile/me",
	"POST /profile/me",
	"PATCH /profile/me",
	"PATCH /profile/me/image",
	"GET /profile/{}/public",
	"POST /media/upload",
	"GET /media/serve/{}/{}/{}",
	"GET /media/file/{}",
	"GET /media/{}/{}",
	"DELETE /media/{}",
	"PATCH /media/{}/move",
	"GET /media/health",
	// tRPC, over the same server.
	"POST /trpc/auth.login",
	"POST /trpc/auth.refresh",
	"POST /trpc/auth.signup",
	"POST /trpc/users.updateMe",
	"POST /trpc/users.changePassword",
	"POST /trpc/admin.create",
	"POST /trpc/admin.update",
	"GET /trpc/admin.list",
	"GET /trpc/users.me",
	// Batched calls, as httpBatchLink sends them.
	"POST /trpc/auth.login,auth.signup,admin.create",
	"GET /trpc/users.me,admin.list,admin.get",
] as const;

const CASES_PER_ROUTE = 12;

const queryJunk = (r: Rng) =>
	r.pick([
		"",
		"?skip=-5&limit=99999",
		"?limit=abc",
		"?skip=1e400",
		"?image_url=%00",
		`?image_url=${"x".repeat(2000)}`,
		"?input=%7Bbad",
		`?input=${encodeURIComponent(JSON.stringify(jsonValue(r)))}`,
		"?skip[]=1&skip[]=2",
		"?__proto__[x]=1",
		"?batch=1",
		`?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: jsonValue(r), 1: jsonValue(r), 2: jsonValue(r) }))}`,
	]);

function fuzzRequest(r: Rng, route: string, headers: Record<string, string>): InjectOptions {
	const [method, template] = route.split(" ") as [InjectOptions["method"], string];
	const path = template.replace(/\{\}/g, () => badSegment(r));
	const url = path.startsWith("/trpc") ? `${path}${queryJunk(r)}` : `${API}${path}${queryJunk(r)}`;
	if (method === "GET" || method === "DELETE") return { method, url, headers };
	const { contentType, body } = rawBody(r);
	return { method, url, headers: { ...headers, "content-type": contentType }, payload: body };
}

/** Runs the cases; every 5xx is collected (not only the first), so one bug hides no other. */
async function storm(app: FastifyInstance, seed: number, headersFor: () => Record<string, string>) {
	const r = rng(seed);
	const statuses = new Map<number, number>();
	const failures = new Set<string>();
	for (const route of routes) {
		for (let i = 0; i < CASES_PER_ROUTE; i++) {
			const request = fuzzRequest(r, route, headersFor());
			const res = await app.inject({ ...request, remoteAddress: `10.66.${r.int(250)}.${r.int(250)}` });
			statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
			if (res.statusCode >= 500) {
				const contentType = (request.headers as Record<string, string>)["content-type"] ?? "-";
				failures.add(`${route} [${contentType}] -> ${res.statusCode} ${res.body.slice(0, 120)}`);
			}
		}
	}
	expect([...failures]).toEqual([]);
	return statuses;
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

	it("anonymous: only 4xx (or a harmless 2xx), and the server stays up", async () => {
		const { app } = await buildTestApp();
		const statuses = await storm(app, 20261122, () => ({}));
		const total = [...statuses.values()].reduce((a, b) => a + b, 0);
		const client = [...statuses].filter(([s]) => s >= 400 && s < 500).reduce((a, [, n]) => a + n, 0);
		expect(client / total).toBeGreaterThan(0.9);
		expect((await app.inject({ method: "GET", url: `${API}/utils/health-check/` })).statusCode).toBe(200);
	});

	it("as a user and as a superuser: same, with every request authenticated", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const admin = await seedUser(app, { isSuperuser: true });
		let turn = 0;
		// A fresh session per request, so a fuzzed logout does not end the run early.
		const headersFor = () => newSession(app, ++turn % 2 ? user : admin).headers;
		await storm(app, 42, headersFor);
		const garbage = await storm(app, 7, () => ({
			authorization: `Bearer ${"x".repeat(5000)}`,
			cookie: "portico_session=%00%ff",
		}));
		expect(garbage.size).toBeGreaterThan(0);
		expect((await app.inject({ method: "GET", url: `${API}/utils/health-check/` })).statusCode).toBe(200);
		expect(
			(await app.inject({ method: "GET", url: `${API}/users/me`, headers: newSession(app, user).headers })).statusCode,
		).toBe(200);
	});
});
