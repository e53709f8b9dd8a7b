import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, api, loginForm, TOKEN_SHAPE } from "../../helpers/http.ts";
import { seedUser } from "../../helpers/users.ts";

type Headers = Record<string, string>;
type Issue = (app: FastifyInstance, headers: Headers) => Promise<LightMyRequestResponse>;

const sessionCookie = (res: LightMyRequestResponse) => {
	const raw = res.headers["set-cookie"];
	return (Array.isArray(raw) ? raw : [raw]).find((c) => typeof c === "string" && c.startsWith("portico_session="));
};

let client = 0;
const ip = () => `10.91.${Math.floor(++client / 250)}.${client % 250}`;

/** The four calls that hand out a token pair, each with a fresh user so nothing is rate limited. */
const issuers: Record<string, Issue> = {
	"REST login": async (app, headers) => {
		const user = await seedUser(app);
		return loginForm(app, user.email, user.password, { ip: ip(), headers });
	},
	"REST refresh": async (app, headers) => {
		const user = await seedUser(app);
		return api(app, "POST", "/login/refresh-token", { body: { refresh_token: user.refreshToken }, headers });
	},
	"tRPC login": async (app, headers) => {
		const user = await seedUser(app);
		return app.inject({
			method: "POST",
			url: "/trpc/auth.login",
			remoteAddress: ip(),
			headers: { "content-type": "application/json", ...headers },
			payload: JSON.stringify({ username: user.email, password: user.password }),
		});
	},
	"tRPC refresh": async (app, headers) => {
		const user = await seedUser(app);
		return app.inject({
			method: "POST",
			url: "/trpc/auth.refresh",
			headers: { "content-type": "application/json", ...headers },
			payload: JSON.stringify({ refresh_token: user.refreshToken }),
		});
	},
};

const tokensOf = (res: LightMyRequestResponse) => {
	const body = res.json();
	return (body.result?.data ?? body) as { access_token: string; refresh_token: string };
};

describe.each(Object.entries(issuers))("%s", (_name, issue) => {
	it("is never cached: Cache-Control no-store and Pragma no-cache", async () => {
		const { app } = await buildTestApp();
		const res = await issue(app, {});
		expect(res.statusCode).toBe(200);
		expect(res.headers["cache-control"]).toBe("no-store");
		expect(res.headers.pragma).toBe("no-cache");
	});

	it("sets the session cookie for our own origin and for scripts that say nothing", async () => {
		const { app } = await buildTestApp();
		const scriptsAndOurs: Headers[] = [
			{},
			{ "sec-fetch-site": "same-origin" },
			{ origin: "http://localhost:3000" },
			{ "sec-fetch-site": "same-origin", origin: "http://localhost:3000" },
			{ "sec-fetch-site": "none" },
		];
		for (const headers of scriptsAndOurs) {
			const res = await issue(app, headers);
			expect(res.statusCode, JSON.stringify(headers)).toBe(200);
			expect(sessionCookie(res), JSON.stringify(headers)).toContain(`portico_session=${tokensOf(res).access_token}`);
		}
	});

	it("gives a recognisably cross-site request its tokens but no cookie (login CSRF)", async () => {
		const { app } = await buildTestApp();
		const crossSite: Headers[] = [
			{ "sec-fetch-site": "cross-site" },
			{ "sec-fetch-site": "same-site" },
			{ origin: "https://evil.example" },
			{ origin: "null" },
			{ origin: "http://localhost:3001" },
			{ "sec-fetch-site": "cross-site", origin: "https://evil.example" },
		];
		for (const headers of crossSite) {
			const res = await issue(app, headers);
			expect(res.statusCode, JSON.stringify(headers)).toBe(200);
			expect(tokensOf(res).access_token).toMatch(TOKEN_SHAPE);
			expect(res.headers["set-cookie"], JSON.stringify(headers)).toBeUndefined();
			expect(res.headers["cache-control"]).toBe("no-store");
		}
	});
});

describe("the cookie's same-origin rule", () => {
	it("follows PUBLIC_URL's origin, path or not", async () => {
		const { app } = await buildTestApp({ env: { PUBLIC_URL: "https://portico.example/app/" } });
		const user = await seedUser(app);
		const ours = await loginForm(app, user.email, user.password, {
			ip: ip(),
			headers: { origin: "https://portico.example" },
		});
		expect(sessionCookie(ours)).toBeDefined();
		const local = await loginForm(app, user.email, user.password, {
			ip: ip(),
			headers: { origin: "http://localhost:3000" },
		});
		expect(local.statusCode).toBe(200);
		expect(local.headers["set-cookie"]).toBeUndefined();
	});

	it("leaves error answers alone: no cookie, and the usual error shape", async () => {
		const { app } = await buildTestApp();
		const wrong = await app.inject({
			method: "POST",
			url: `${API}/login/refresh-token`,
			payload: { refresh_token: "nope" },
		});
		expect(wrong.statusCode).toBe(401);
		expect(wrong.headers["set-cookie"]).toBeUndefined();
		expect(wrong.json()).toEqual({ detail: "Could not validate credentials" });
	});
});
