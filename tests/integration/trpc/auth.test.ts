import { describe, expect, it } from "vitest";
import { errorTexts } from "../../../shared/errors.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { takeDatabaseDown } from "../../helpers/database-down.ts";
import { api, bearer, TOKEN_SHAPE } from "../../helpers/http.ts";
import { mutate, mutateUnchecked, query } from "../../helpers/trpc.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

describe("tRPC auth", () => {
	it("login returns a token pair and sets the cookie; errors carry the REST texts", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		const ok = await mutate(app, "auth.login", { username: user.email.toUpperCase(), password: user.password });
		expect(ok.status).toBe(200);
		expect(ok.data).toMatchObject({ access_token: expect.stringMatching(TOKEN_SHAPE), token_type: "bearer" });
		expect(String(ok.headers["set-cookie"])).toMatch(/portico_session=.*HttpOnly/);
		const wrong = await mutate(app, "auth.login", { username: user.email, password: "wrong-password" });
		expect(wrong.error).toMatchObject({
			code: "BAD_REQUEST",
			httpStatus: 400,
			message: "Incorrect email or password",
			reason: "INCORRECT_LOGIN",
		});
		const locked = await mutate(app, "auth.login", { username: user.email, password: user.password });
		expect(locked.error).toMatchObject({ code: "TOO_MANY_REQUESTS", message: errorTexts.RATE_LIMITED, retryAfter: 1 });
		expect(locked.headers["retry-after"]).toBe("1");
		expect(wrong.error?.retryAfter).toBeNull();
		advance(1000);
		const inactive = await seedUser(app, { isActive: false });
		const off = await mutate(app, "auth.login", { username: inactive.email, password: inactive.password });
		expect(off.error).toMatchObject({ code: "BAD_REQUEST", message: "Inactive user" });
	});

	it("a rate limit's wait reaches the client in the error body, as REST's Retry-After header says it", async () => {
		const { app } = await buildTestApp();
		const signup = (n: number) =>
			mutate(app, "auth.signup", { email: `burst-${n}@example.com`, password: "a-good-password" }, { ip: "10.9.0.1" });
		for (let n = 0; n < 5; n++) expect((await signup(n)).status).toBe(200);
		const limited = await signup(5);
		expect(limited.error).toMatchObject({ code: "TOO_MANY_REQUESTS", reason: "RATE_LIMITED", retryAfter: 12 });
		expect(limited.headers["retry-after"]).toBe("12");
		const rest = await api(app, "POST", "/users/signup", {
			ip: "10.9.0.1",
			body: { email: "burst-rest@example.com", password: "a-good-password" },
		});
		expect(rest.statusCode).toBe(429);
		expect(rest.headers["retry-after"]).toBe("12");
	});

	it("invalid input is BAD_REQUEST with the issues as message keys", async () => {
		const { app } = await buildTestApp();
		const res = await mutateUnchecked(app, "auth.login", { username: "", password: 42 });
		expect(res.status).toBe(400);
		expect(res.error?.code).toBe("BAD_REQUEST");
		expect(res.error?.issues).toEqual([
			{ path: ["username"], message: "emailRequired" },
			{ path: ["password"], message: "mustBeText" },
		]);
		// Like the REST form: any two strings are a login attempt, a short password a wrong one.
		const short = await mutate(app, "auth.login", { username: "nope", password: "short" });
		expect(short.error).toMatchObject({ code: "BAD_REQUEST", reason: "INCORRECT_LOGIN", issues: null });
	});

	it("refresh rotates; a reused refresh token kills the session with Could not validate credentials", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const next = await mutate(app, "auth.refresh", { refresh_token: user.refreshToken });
		expect(next.status).toBe(200);
		const reuse = await mutate(app, "auth.refresh", { refresh_token: user.refreshToken });
		expect(reuse.error).toMatchObject({
			code: "UNAUTHORIZED",
			httpStatus: 401,
			message: "Could not validate credentials",
		});
		const pair = next.data as { access_token: string };
		expect((await query(app, "users.me", undefined, { headers: bearer(pair.access_token) })).status).toBe(401);
	});

	it("logout ends this session; logoutAll every session; both need a user", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const second = await newSession(app, user);
		const third = await newSession(app, user);
		expect((await mutate(app, "auth.logout", {}, { headers: user.headers })).data).toEqual({
			message: expect.any(String),
		});
		expect((await query(app, "users.me", undefined, { headers: user.headers })).status).toBe(401);
		expect((await query(app, "users.me", undefined, { headers: second.headers })).status).toBe(200);
		await mutate(app, "auth.logoutAll", undefined, { headers: second.headers });
		expect((await query(app, "users.me", undefined, { headers: third.headers })).status).toBe(401);
		const anonymous = await mutate(app, "auth.logout", {});
		expect(anonymous.error).toMatchObject({ code: "UNAUTHORIZED", message: "Not authenticated" });
	});

	it("signup creates a plain user; duplicate and disabled signups say what REST says", async () => {
		const { app } = await buildTestApp();
		const res = await mutate(app, "auth.signup", {
			email: "T@Example.com",
			password: "a-good-password",
			full_name: "Tee",
		});
		expect(res.data).toMatchObject({ email: "t@example.com", is_superuser: false, is_active: true });
		const dup = await mutate(app, "auth.signup", { email: "t@example.com", password: "a-good-password" });
		expect(dup.error).toMatchObject({
			code: "BAD_REQUEST",
			message: "The user with this email already exists in the system",
		});
		const closed = await buildTestApp({ env: { SIGNUP_ENABLED: "false" } });
		const off = await mutate(closed.app, "auth.signup", { email: "x@example.com", password: "a-good-password" });
		expect(off.error).toMatchObject({ code: "FORBIDDEN", httpStatus: 403, message: errorTexts.SIGNUP_DISABLED });
	});
});

describe("tRPC users", () => {
	it("me needs a valid token: Not authenticated without, Could not validate credentials with a bad one", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const me = await query(app, "users.me", undefined, { headers: user.headers });
		expect(me.data).toMatchObject({ id: user.id, email: user.email });
		expect(JSON.stringify(me.data)).not.toMatch(/hash/i);
		expect((await query(app, "users.me")).error).toMatchObject({ code: "UNAUTHORIZED", message: "Not authenticated" });
		const bad = await query(app, "users.me", undefined, { headers: bearer("nope") });
		expect(bad.error).toMatchObject({ code: "UNAUTHORIZED", message: "Could not validate credentials" });
	});

	it("updateMe, changePassword and deleteMe call the same rules as REST", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		await seedUser(app, { email: "taken@example.com" });
		const taken = await mutate(app, "users.updateMe", { email: "TAKEN@example.com" }, { headers: user.headers });
		expect(taken.error).toMatchObject({
			code: "CONFLICT",
			httpStatus: 409,
			message: "User with this email already exists",
		});
		const renamed = await mutate(app, "users.updateMe", { full_name: "Renamed" }, { headers: user.headers });
		expect(renamed.data).toMatchObject({ full_name: "Renamed" });
		const wrong = await mutate(
			app,
			"users.changePassword",
			{ current_password: "wrong-password", new_password: "new-password-1" },
			{ headers: user.headers },
		);
		expect(wrong.error).toMatchObject({ code: "BAD_REQUEST", message: "Incorrect password" });
		const deleted = await mutate(app, "users.deleteMe", undefined, { headers: user.headers });
		expect(deleted.data).toEqual({ message: "User deleted successfully" });
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(401);
	});

	it("a cookie alone authorises a query, and a mutation only when same-origin", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const cookie = `portico_session=${user.accessToken}`;
		expect((await query(app, "users.me", undefined, { headers: { cookie } })).status).toBe(200);
		const csrf = await mutate(app, "users.updateMe", { full_name: "CSRF" }, { headers: { cookie } });
		expect(csrf.error?.code).toBe("UNAUTHORIZED");
		const same = await mutate(
			app,
			"users.updateMe",
			{ full_name: "Same" },
			{ headers: { cookie, "sec-fetch-site": "same-origin" } },
		);
		expect(same.status).toBe(200);
	});
});

describe("tRPC internal errors", () => {
	it("never show the underlying message to the client", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		await takeDatabaseDown(db);
		const res = await query(app, "users.me", undefined, { headers: user.headers });
		expect(res.status).toBe(500);
		expect(res.error?.code).toBe("INTERNAL_SERVER_ERROR");
		expect(res.error?.message).toBe("Internal Server Error");
		const rest = await api(app, "GET", "/users/me", { headers: user.headers });
		expect(rest.statusCode).toBe(500);
		expect(rest.json()).toEqual({ detail: "Internal Server Error" });
	});
});
