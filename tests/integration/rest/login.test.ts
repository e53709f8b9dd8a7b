import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, api, bearer, loginForm, TOKEN_SHAPE, USER_KEYS } from "../../helpers/http.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

describe("POST /login/access-token", () => {
	it("answers a url-encoded OAuth2 form, extra fields and all, with an opaque token pair", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await loginForm(app, user.email, user.password, {
			extra: { grant_type: "password", scope: "", client_id: "", client_secret: "" },
		});
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(Object.keys(body).sort()).toEqual(["access_token", "refresh_token", "token_type"]);
		expect(body.token_type).toBe("bearer");
		expect(body.access_token).toMatch(TOKEN_SHAPE);
		expect(body.refresh_token).toMatch(TOKEN_SHAPE);
		expect(body.access_token).not.toBe(body.refresh_token);
		const me = await api(app, "POST", "/login/test-token", { headers: bearer(body.access_token) });
		expect(me.statusCode).toBe(200);
		expect(me.json().email).toBe(user.email);
	});

	it("accepts a JSON body and compares the e-mail case-insensitively", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { email: "mixed@example.com" });
		const res = await api(app, "POST", "/login/access-token", {
			body: { username: "MIXED@Example.COM", password: user.password },
		});
		expect(res.statusCode).toBe(200);
	});

	it("says 400 Incorrect email or password for a wrong password and for an unknown e-mail", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const wrong = await loginForm(app, user.email, "not-the-password");
		expect(wrong.statusCode).toBe(400);
		expect(wrong.json()).toEqual({ detail: "Incorrect email or password" });
		const unknown = await loginForm(app, "nobody@example.com", "whatever-password");
		expect(unknown.statusCode).toBe(400);
		expect(unknown.json()).toEqual({ detail: "Incorrect email or password" });
		expect(wrong.headers["set-cookie"]).toBeUndefined();
	});

	it("says 400 Inactive user only to the right password; a wrong one stays Incorrect", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app, { isActive: false });
		const right = await loginForm(app, user.email, user.password);
		expect(right.statusCode).toBe(400);
		expect(right.json()).toEqual({ detail: "Inactive user" });
		advance(2_000);
		const wrong = await loginForm(app, user.email, "not-the-password");
		expect(wrong.json()).toEqual({ detail: "Incorrect email or password" });
	});

	it("gives 422 in FastAPI's shape for a missing username or password, and 400 for any other string", async () => {
		const { app } = await buildTestApp();
		const missing = await app.inject({
			method: "POST",
			url: `${API}/login/access-token`,
			headers: { "content-type": "application/x-www-form-urlencoded" },
			payload: "username=a%40example.com",
		});
		expect(missing.statusCode).toBe(422);
		expect(missing.json().detail).toEqual([
			{ type: "missing", loc: ["body", "password"], msg: "Password is required", input: null },
		]);
		// FastAPI's OAuth2 form checks nothing more: a short password is a wrong password.
		const short = await loginForm(app, "not-an-email", "short");
		expect(short.statusCode).toBe(400);
		expect(short.json()).toEqual({ detail: "Incorrect email or password" });
	});
});

describe("POST /login/test-token", () => {
	it("returns the caller as UserPublic, never a hash", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { fullName: "Ada" });
		const res = await api(app, "POST", "/login/test-token", { headers: user.headers });
		expect(res.statusCode).toBe(200);
		expect(Object.keys(res.json()).sort()).toEqual(USER_KEYS);
		expect(res.json()).toMatchObject({ id: user.id, full_name: "Ada", is_active: true, is_superuser: false });
		expect(res.body).not.toMatch(/argon2|hash/i);
	});

	it("401 Not authenticated with WWW-Authenticate: Bearer without credentials or with non-Bearer ones", async () => {
		const { app } = await buildTestApp();
		const attempts: Record<string, string>[] = [
			{},
			{ authorization: "Basic dXNlcjpwYXNz" },
			{ authorization: "Bearer" },
		];
		for (const headers of attempts) {
			const res = await api(app, "POST", "/login/test-token", { headers });
			expect(res.statusCode).toBe(401);
			expect(res.json()).toEqual({ detail: "Not authenticated" });
			expect(res.headers["www-authenticate"]).toBe("Bearer");
		}
	});

	it("401 Could not validate credentials for a malformed, unknown or forged token", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const [id] = user.accessToken.split(".");
		const forged = `${id}.${"a".repeat(52)}`;
		for (const token of ["garbage", `${"a".repeat(26)}.${"b".repeat(52)}`, forged, user.refreshToken]) {
			const res = await api(app, "POST", "/login/test-token", { headers: bearer(token) });
			expect(res.statusCode).toBe(401);
			expect(res.json()).toEqual({ detail: "Could not validate credentials" });
			expect(res.headers["www-authenticate"]).toBe("Bearer");
		}
		// The forgery did not hurt the real session.
		expect((await api(app, "POST", "/login/test-token", { headers: user.headers })).statusCode).toBe(200);
	});
});

describe("POST /login/refresh-token", () => {
	it("rotates both tokens; the old pair stops working", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await api(app, "POST", "/login/refresh-token", { body: { refresh_token: user.refreshToken } });
		expect(res.statusCode).toBe(200);
		const pair = res.json();
		expect(pair.token_type).toBe("bearer");
		expect(pair.access_token).not.toBe(user.accessToken);
		expect(pair.refresh_token).not.toBe(user.refreshToken);
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(401);
		expect((await api(app, "GET", "/users/me", { headers: bearer(pair.access_token) })).statusCode).toBe(200);
	});

	it("401 Could not validate credentials for an unknown or malformed token, 422 without one", async () => {
		const { app } = await buildTestApp();
		for (const refresh_token of ["nope", `${"c".repeat(26)}.${"d".repeat(52)}`]) {
			const res = await api(app, "POST", "/login/refresh-token", { body: { refresh_token } });
			expect(res.statusCode).toBe(401);
			expect(res.json()).toEqual({ detail: "Could not validate credentials" });
		}
		const missing = await api(app, "POST", "/login/refresh-token", { body: {} });
		expect(missing.statusCode).toBe(422);
		expect(missing.json().detail[0]).toMatchObject({ loc: ["body", "refresh_token"], msg: "Token is required" });
	});
});

describe("POST /login/logout and /login/logout-all", () => {
	it("logout ends this session only and says so", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const other = await newSession(app, user);
		const res = await api(app, "POST", "/login/logout", { headers: user.headers });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: expect.any(String) });
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(401);
		const refresh = await api(app, "POST", "/login/refresh-token", { body: { refresh_token: user.refreshToken } });
		expect(refresh.statusCode).toBe(401);
		expect((await api(app, "GET", "/users/me", { headers: other.headers })).statusCode).toBe(200);
	});

	it("logout with a refresh_token also ends that session when it is the caller's, not someone else's", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const second = await newSession(app, user);
		const stranger = await seedUser(app);
		const own = await api(app, "POST", "/login/logout", {
			headers: user.headers,
			body: { refresh_token: second.refresh_token },
		});
		expect(own.statusCode).toBe(200);
		expect((await api(app, "GET", "/users/me", { headers: second.headers })).statusCode).toBe(401);

		const third = await newSession(app, user);
		await api(app, "POST", "/login/logout", { headers: third.headers, body: { refresh_token: stranger.refreshToken } });
		expect((await api(app, "GET", "/users/me", { headers: stranger.headers })).statusCode).toBe(200);
	});

	it("logout-all ends every session of the caller and nobody else's", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const second = await newSession(app, user);
		const stranger = await seedUser(app);
		const res = await api(app, "POST", "/login/logout-all", { headers: user.headers });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: expect.any(String) });
		for (const headers of [user.headers, second.headers])
			expect((await api(app, "GET", "/users/me", { headers })).statusCode).toBe(401);
		expect((await api(app, "GET", "/users/me", { headers: stranger.headers })).statusCode).toBe(200);
	});

	it("both need a user: 401 Not authenticated otherwise", async () => {
		const { app } = await buildTestApp();
		for (const path of ["/login/logout", "/login/logout-all"]) {
			const res = await api(app, "POST", path);
			expect(res.statusCode).toBe(401);
			expect(res.json()).toEqual({ detail: "Not authenticated" });
		}
	});
});
