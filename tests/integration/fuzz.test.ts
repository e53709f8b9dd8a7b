import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { users } from "../../server/db/schema.ts";
import { appRouter } from "../../server/trpc/router.ts";
import { buildTestApp } from "../helpers/build-test-app.ts";
import { badSegment, jsonValue, type Rng, rawBody, rng } from "../helpers/fuzz.ts";
import { API } from "../helpers/http.ts";
import { newSession, seedUser } from "../helpers/seed.ts";

/** Routes named by hand; `{}` marks a path parameter the fuzzer fills with junk. */
const namedRoutes = [
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
	// Batched tRPC calls, as httpBatchLink sends them.
	"POST /trpc/auth.login,auth.signup,admin.create",
	"GET /trpc/users.me,admin.list,admin.get",
];

/** Every documented REST route and every tRPC procedure, plus the named ones. */
async function allRoutes(app: FastifyInstance): Promise<string[]> {
	await app.ready();
	const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
	const rest = Object.entries(spec.paths).flatMap(([path, methods]) =>
		Object.keys(methods).map(
			(method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "").replace(/\{[^}]+\}/g, "{}")}`,
		),
	);
	const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
	const trpc = Object.entries(procedures).map(
		([path, procedure]) => `${procedure._def.type === "query" ? "GET" : "POST"} /trpc/${path}`,
	);
	return [...new Set([...namedRoutes, ...rest, ...trpc])];
}

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
async function storm(
	app: FastifyInstance,
	seed: number,
	headersFor: () => Record<string, string> | Promise<Record<string, string>>,
	only?: string[],
) {
	const routes = only ?? (await allRoutes(app));
	const r = rng(seed);
	const statuses = new Map<number, number>();
	const byRoute = new Map<string, Array<{ status: number; url: string }>>();
	const failures = new Set<string>();
	for (const route of routes) {
		byRoute.set(route, []);
		for (let i = 0; i < CASES_PER_ROUTE; i++) {
			const request = fuzzRequest(r, route, await headersFor());
			const res = await app.inject({ ...request, remoteAddress: `10.66.${r.int(250)}.${r.int(250)}` });
			statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
			byRoute.get(route)?.push({ status: res.statusCode, url: String(request.url) });
			if (res.statusCode >= 500) {
				const contentType = (request.headers as Record<string, string>)["content-type"] ?? "-";
				failures.add(`${route} [${contentType}] -> ${res.statusCode} ${res.body.slice(0, 120)}`);
			}
		}
	}
	expect([...failures]).toEqual([]);
	return { statuses, byRoute };
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
		const { statuses } = await storm(app, 20261122, () => ({}));
		const total = [...statuses.values()].reduce((a, b) => a + b, 0);
		const client = [...statuses].filter(([s]) => s >= 400 && s < 500).reduce((a, [, n]) => a + n, 0);
		expect(client / total).toBeGreaterThan(0.9);
		expect((await app.inject({ method: "GET", url: `${API}/utils/health-check/` })).statusCode).toBe(200);
	});

	it("as a user and as a superuser: same, with every request authenticated", async () => {
		const { app } = await buildTestApp();
		let user = await seedUser(app);
		let admin = await seedUser(app, { isSuperuser: true });
		const exists = (id: string) => app.deps.db.select().from(users).where(eq(users.id, id)).get() !== undefined;
		let turn = 0;
		// A fresh session per request, so a fuzzed logout does not end the run early; a fresh
		// account when a fuzzed delete (the complete route list has deleteMe) removed it.
		const headersFor = async () => {
			if (!exists(user.id)) user = await seedUser(app);
			if (!exists(admin.id)) admin = await seedUser(app, { isSuperuser: true });
			return newSession(app, ++turn % 2 ? user : admin).headers;
		};
		await storm(app, 42, headersFor);
		if (!exists(user.id)) user = await seedUser(app);
		// Routes behind a login: an anonymous call without input is refused as such.
		const guarded: string[] = [];
		for (const route of await allRoutes(app)) {
			const [method, template] = route.split(" ") as [InjectOptions["method"], string];
			const path = template.replace(/\{\}/g, "00000000-0000-0000-0000-000000000000");
			const withBody = method !== "GET" && method !== "DELETE";
			const res = await app.inject({
				method,
				url: path.startsWith("/trpc") ? path : `${API}${path}`,
				...(withBody && { headers: { "content-type": "application/json" }, payload: "{}" }),
			});
			if (res.statusCode === 401) guarded.push(route);
		}
		expect(guarded).toContain("GET /users/me");
		expect(guarded).toContain("GET /trpc/users.me");
		expect(guarded).toContain("POST /trpc/users.deleteMe");
		expect(guarded.length).toBeGreaterThan(30);
		const garbageHeaders = () => ({ authorization: `Bearer ${"x".repeat(5000)}`, cookie: "portico_session=%00%ff" });
		// The same requests (same seed), once without credentials: tRPC reads the body before the
		// gate, so a 413/415/parse error comes first there, exactly as for an anonymous caller.
		const anonymous = await storm(app, 7, () => ({}), guarded);
		const garbage = await storm(app, 7, garbageHeaders, guarded);
		// A URL that cannot be decoded is a 400 before any route (or its guard) is found.
		const undecodable = (url: string) => {
			try {
				decodeURIComponent(url);
				return false;
			} catch {
				return true;
			}
		};
		const notRefused = [...garbage.byRoute].flatMap(([route, answers]) =>
			answers
				.filter(({ status, url }, i) => {
					if (status === 401 || (status === 400 && undecodable(url))) return false;
					const beforeGate = route.includes(" /trpc/") && status >= 400 && status !== 403 && status !== 404;
					return !(beforeGate && anonymous.byRoute.get(route)?.[i]?.status === status);
				})
				.map(({ status, url }) => `${route} ${url.slice(0, 100)} -> ${status}`),
		);
		expect(notRefused).toEqual([]);
		// Every guarded route refused the garbage credentials at least once as such.
		expect([...garbage.byRoute].filter(([, answers]) => !answers.some((a) => a.status === 401))).toEqual([]);
		expect((await app.inject({ method: "GET", url: `${API}/utils/health-check/` })).statusCode).toBe(200);
		expect(
			(await app.inject({ method: "GET", url: `${API}/users/me`, headers: newSession(app, user).headers })).statusCode,
		).toBe(200);
	});
});
