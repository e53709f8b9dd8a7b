import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { seedUser } from "../../helpers/users.ts";

describe("the session cookie", () => {
	const cookieOf = (res: { headers: Record<string, unknown> }) => {
		const raw = res.headers["set-cookie"];
		const all = Array.isArray(raw) ? raw : [raw];
		const cookie = all.find((c) => typeof c === "string" && c.startsWith("portico_session="));
		if (typeof cookie !== "string") throw new Error(`no portico_session cookie set: ${JSON.stringify(raw)}`);
		return cookie;
	};

	it("login sets it HttpOnly, SameSite=Lax and not Secure on http://localhost", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await loginForm(app, user.email, user.password);
		const cookie = cookieOf(res);
		expect(cookie).toContain(`portico_session=${res.json().access_token}`);
		expect(cookie).toMatch(/; HttpOnly/);
		expect(cookie).toMatch(/; SameSite=Lax/);
		expect(cookie).toMatch(/; Path=\//);
		expect(cookie).not.toMatch(/Secure/);
	});

	it("is Secure for any other PUBLIC_URL, https or plain http on a real host", async () => {
		for (const url of ["https://portico.example.com", "http://portico.example.com"]) {
			const { app } = await buildTestApp({ env: { PUBLIC_URL: url } });
			const user = await seedUser(app);
			expect(cookieOf(await loginForm(app, user.email, user.password))).toMatch(/; Secure/);
		}
	});

	it("authorises a GET alone, but a state change only when same-origin", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const token = (await loginForm(app, user.email, user.password)).json().access_token;
		const cookie = `portico_session=${token}`;
		const get = await api(app, "GET", "/users/me", { headers: { cookie } });
		expect(get.statusCode).toBe(200);
		for (const extra of [{}, { "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }]) {
			const res = await api(app, "PATCH", "/users/me", { headers: { cookie, ...extra }, body: { full_name: "CSRF" } });
			expect(res.statusCode).toBe(401);
			expect(res.json()).toEqual({ detail: "Not authenticated" });
		}
		for (const extra of [{ "sec-fetch-site": "same-origin" }, { origin: "http://localhost:3000" }]) {
			const res = await api(app, "PATCH", "/users/me", { headers: { cookie, ...extra }, body: { full_name: "Mine" } });
			expect(res.statusCode).toBe(200);
		}
		expect((await api(app, "GET", "/users/me", { headers: { cookie } })).json().full_name).toBe("Mine");
		const stale = await api(app, "GET", "/users/me", { headers: { cookie: "portico_session=forged" } });
		expect(stale.statusCode).toBe(401);
		expect(stale.json()).toEqual({ detail: "Could not validate credentials" });
	});

	it("accepts the Origin of a PUBLIC_URL that has a path (browsers send no path in Origin)", async () => {
		const { app } = await buildTestApp({ env: { PUBLIC_URL: "https://example.com/portico/" } });
		const user = await seedUser(app);
		const cookie = `portico_session=${user.accessToken}`;
		const res = await api(app, "POST", "/login/logout", { headers: { cookie, origin: "https://example.com" } });
		expect(res.statusCode).toBe(200);
		const local = await buildTestApp({ env: { PUBLIC_URL: "http://localhost:3000/app" } });
		const other = await seedUser(local.app);
		const localLogin = await loginForm(local.app, other.email, other.password);
		expect(localLogin.statusCode).toBe(200);
		const localCookie = cookieOf(localLogin);
		expect(localCookie).toContain(`portico_session=${localLogin.json().access_token}`);
		expect(localCookie).not.toMatch(/Secure/);
	});

	it("logout clears it", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await api(app, "POST", "/login/logout", { headers: user.headers });
		expect(cookieOf(res)).toMatch(/portico_session=;/);
	});
});
