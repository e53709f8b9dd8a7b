import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, FORBIDDEN, loginForm, USER_KEYS, UUID_V4 } from "../../helpers/http.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

describe("GET /users/", () => {
	it("lists {data, count} newest first, skip 0 and limit 100 by default, on /users and /users/", async () => {
		const { app, now } = await buildTestApp();
		const admin = await seedAdmin(app);
		const base = now();
		for (let i = 0; i < 104; i++) await seedUser(app, { email: `u${i}@example.com`, createdAt: base + (i + 1) * 1000 });
		const res = await api(app, "GET", "/users/", { headers: admin.headers });
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.count).toBe(105);
		expect(body.data).toHaveLength(100);
		expect(body.data[0].email).toBe("u103@example.com");
		expect(body.data[1].email).toBe("u102@example.com");
		for (const row of body.data) {
			// The admin's list adds `invited` to UserPublic (template clients ignore it).
			expect(Object.keys(row).sort()).toEqual([...USER_KEYS, "invited"].sort());
			expect(row.id).toMatch(UUID_V4);
		}
		const bare = await api(app, "GET", "/users?skip=100&limit=5", { headers: admin.headers });
		expect(bare.statusCode).toBe(200);
		expect(bare.json().count).toBe(105);
		expect(bare.json().data.map((u: { email: string }) => u.email)).toEqual([
			"u3@example.com",
			"u2@example.com",
			"u1@example.com",
			"u0@example.com",
			"admin@example.com",
		]);
		expect((await api(app, "GET", "/users/?limit=1000", { headers: admin.headers })).json().data).toHaveLength(105);
	});

	it("refuses limit over 1000, below 1, and a negative or fractional skip with 422 on the query", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		for (const query of ["limit=1001", "limit=0", "skip=-1", "skip=1.5", "limit=abc"]) {
			const res = await api(app, "GET", `/users/?${query}`, { headers: admin.headers });
			expect(res.statusCode, query).toBe(422);
			const [param] = query.split("=");
			expect(res.json().detail[0].loc).toEqual(["query", param]);
		}
	});

	it("is for superusers: 403 for a user, 401 for nobody", async () => {
		const { app } = await buildTestApp();
		await seedAdmin(app);
		const user = await seedUser(app);
		const res = await api(app, "GET", "/users/", { headers: user.headers });
		expect(res.statusCode).toBe(403);
		expect(res.json()).toEqual(FORBIDDEN);
		expect((await api(app, "GET", "/users")).statusCode).toBe(401);
	});
});

describe("POST /users/", () => {
	it("creates a user (UUID v4, e-mail lower-cased, no hash) who can then log in", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const res = await api(app, "POST", "/users", {
			headers: admin.headers,
			body: { email: "New.Person@Example.com", password: "a-good-password", full_name: "New Person" },
		});
		expect(res.statusCode).toBe(200);
		const created = res.json();
		expect(Object.keys(created).sort()).toEqual(USER_KEYS);
		expect(created).toMatchObject({ email: "new.person@example.com", is_active: true, is_superuser: false });
		expect(created.id).toMatch(UUID_V4);
		expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
		expect((await loginForm(app, "new.person@example.com", "a-good-password")).statusCode).toBe(200);
	});

	it("400 for an e-mail that exists in any case; 422 when confirm_password differs", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const dup = await api(app, "POST", "/users/", {
			headers: admin.headers,
			body: { email: "ADMIN@example.com", password: "a-good-password" },
		});
		expect(dup.statusCode).toBe(400);
		expect(dup.json()).toEqual({ detail: "The user with this email already exists in the system." });
		const mismatch = await api(app, "POST", "/users/", {
			headers: admin.headers,
			body: { email: "x@example.com", password: "a-good-password", confirm_password: "another-password" },
		});
		expect(mismatch.statusCode).toBe(422);
		expect(mismatch.json().detail[0]).toMatchObject({
			loc: ["body", "confirm_password"],
			msg: "The passwords do not match",
		});
		expect((await api(app, "GET", "/users/", { headers: admin.headers })).json().count).toBe(1);
	});
});

describe("POST /users/signup", () => {
	it("creates an active, non-super user and returns no token; extra privileges in the body are ignored", async () => {
		const { app } = await buildTestApp();
		const res = await api(app, "POST", "/users/signup", {
			body: { email: "Signup@Example.com", password: "a-good-password", full_name: "Sign Up", is_superuser: true },
		});
		expect(res.statusCode).toBe(200);
		expect(Object.keys(res.json()).sort()).toEqual(USER_KEYS);
		expect(res.json()).toMatchObject({ email: "signup@example.com", is_active: true, is_superuser: false });
		expect(res.json().id).toMatch(UUID_V4);
		const dup = await api(app, "POST", "/users/signup", {
			body: { email: "SIGNUP@example.com", password: "another-password" },
		});
		expect(dup.statusCode).toBe(400);
		expect(dup.json()).toEqual({ detail: "The user with this email already exists in the system" });
	});

	it("403 when SIGNUP_ENABLED=false", async () => {
		const { app } = await buildTestApp({ env: { SIGNUP_ENABLED: "false" } });
		const res = await api(app, "POST", "/users/signup", {
			body: { email: "no@example.com", password: "a-good-password" },
		});
		expect(res.statusCode).toBe(403);
		expect(res.json()).toEqual({ detail: "Open user registration is forbidden on this server" });
	});

	it("422 with English messages for a bad e-mail, a short password and a mismatched confirmation", async () => {
		const { app } = await buildTestApp();
		const res = await api(app, "POST", "/users/signup", {
			body: { email: "nope", password: "short", full_name: "ab", confirm_password: "other" },
		});
		expect(res.statusCode).toBe(422);
		const msgs = Object.fromEntries(
			res.json().detail.map((d: { loc: string[]; msg: string }) => [d.loc.join("."), d.msg]),
		);
		expect(msgs).toMatchObject({
			"body.email": "Invalid email address",
			"body.password": "Password must be at least 8 characters",
			"body.confirm_password": "Passwords do not match",
		});
		// A name of 2 is the sign-up form's business (at least 3 there); the API takes what the template takes.
		expect(msgs).not.toHaveProperty("body.full_name");
	});
});
