import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { findUserById, updateUser } from "../../server/services/users.ts";
import { buildTestApp } from "../helpers/build-test-app.ts";
import { api, loginForm, UUID_V4 } from "../helpers/http.ts";
import { seedUser } from "../helpers/seed.ts";

const FORBIDDEN = { detail: "The user doesn't have enough privileges" };
const USER_KEYS = ["created_at", "email", "full_name", "id", "is_active", "is_superuser"];

async function adminApp(env: Record<string, string> = {}) {
	const test = await buildTestApp(env);
	const admin = await seedUser(test.app, { isSuperuser: true, email: "admin@example.com" });
	return { ...test, admin };
}

describe("GET /users/", () => {
	it("lists {data, count} newest first, skip 0 and limit 100 by default, on /users and /users/", async () => {
		const { app, admin, now } = await adminApp();
		const base = now();
		for (let i = 0; i < 104; i++) await seedUser(app, { email: `u${i}@example.com`, createdAt: base + i * 1000 });
		const res = await api(app, "GET", "/users/", { headers: admin.headers });
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.count).toBe(105);
		expect(body.data).toHaveLength(100);
		expect(body.data[0].email).toBe("u103@example.com");
		expect(body.data[1].email).toBe("u102@example.com");
		for (const row of body.data) {
			expect(Object.keys(row).sort()).toEqual(USER_KEYS);
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
		const { app, admin } = await adminApp();
		for (const query of ["limit=1001", "limit=0", "skip=-1", "skip=1.5", "limit=abc"]) {
			const res = await api(app, "GET", `/users/?${query}`, { headers: admin.headers });
			expect(res.statusCode, query).toBe(422);
			const [param] = query.split("=");
			expect(res.json().detail[0].loc).toEqual(["query", param]);
		}
	});

	it("is for superusers: 403 for a user, 401 for nobody", async () => {
		const { app } = await adminApp();
		const user = await seedUser(app);
		const res = await api(app, "GET", "/users/", { headers: user.headers });
		expect(res.statusCode).toBe(403);
		expect(res.json()).toEqual(FORBIDDEN);
		expect((await api(app, "GET", "/users")).statusCode).toBe(401);
	});
});

describe("POST /users/", () => {
	it("creates a user (UUID v4, e-mail lower-cased, no hash) who can then log in", async () => {
		const { app, admin } = await adminApp();
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
		const { app, admin } = await adminApp();
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

describe("/users/me", () => {
	it("GET returns the caller", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { fullName: null });
		const res = await api(app, "GET", "/users/me", { headers: user.headers });
		expect(res.json()).toEqual({
			id: user.id,
			email: user.email,
			full_name: null,
			is_active: true,
			is_superuser: false,
			created_at: expect.any(String),
		});
	});

	it("PATCH changes name and e-mail (stored lower-cased); 409 when the e-mail is someone else's", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app, { email: "taken@example.com" });
		const res = await api(app, "PATCH", "/users/me", {
			headers: user.headers,
			body: { full_name: "Grace Hopper", email: "Grace@Example.com" },
		});
		expect(res.statusCode).toBe(200);
		expect(res.json()).toMatchObject({ full_name: "Grace Hopper", email: "grace@example.com" });
		const same = await api(app, "PATCH", "/users/me", { headers: user.headers, body: { email: "GRACE@example.com" } });
		expect(same.statusCode).toBe(200);
		const taken = await api(app, "PATCH", "/users/me", { headers: user.headers, body: { email: "Taken@Example.com" } });
		expect(taken.statusCode).toBe(409);
		expect(taken.json()).toEqual({ detail: "User with this email already exists" });
		expect((await api(app, "GET", "/users/me", { headers: other.headers })).json().email).toBe("taken@example.com");
		const long = await api(app, "PATCH", "/users/me", { headers: user.headers, body: { full_name: "x".repeat(31) } });
		expect(long.statusCode).toBe(422);
		expect(long.json().detail[0]).toMatchObject({
			loc: ["body", "full_name"],
			msg: "Must be no more than 30 characters",
		});
	});

	it("DELETE removes a user with their sessions; a superuser may not delete themselves", async () => {
		const { app, admin, db } = await adminApp();
		const user = await seedUser(app);
		const res = await api(app, "DELETE", "/users/me", { headers: user.headers });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: "User deleted successfully" });
		expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(401);
		const self = await api(app, "DELETE", "/users/me", { headers: admin.headers });
		expect(self.statusCode).toBe(403);
		expect(self.json()).toEqual({ detail: "Super users are not allowed to delete themselves" });
	});
});

describe("PATCH /users/me/password", () => {
	it("checks the current password first, then refuses the same password, then changes it", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const path = "/users/me/password";
		const wrong = await api(app, "PATCH", path, {
			headers: user.headers,
			body: { current_password: "wrong-password", new_password: "wrong-password" },
		});
		expect(wrong.statusCode).toBe(400);
		expect(wrong.json()).toEqual({ detail: "Incorrect password" });
		const same = await api(app, "PATCH", path, {
			headers: user.headers,
			body: { current_password: user.password, new_password: user.password },
		});
		expect(same.statusCode).toBe(400);
		expect(same.json()).toEqual({ detail: "New password cannot be the same as the current one" });
		const short = await api(app, "PATCH", path, {
			headers: user.headers,
			body: { current_password: user.password, new_password: "short" },
		});
		expect(short.statusCode).toBe(422);
		expect(short.json().detail[0]).toMatchObject({
			loc: ["body", "new_password"],
			msg: "Password must be at least 8 characters",
		});
		const ok = await api(app, "PATCH", path, {
			headers: user.headers,
			body: {
				current_password: user.password,
				new_password: "brand-new-password",
				confirm_password: "brand-new-password",
			},
		});
		expect(ok.statusCode).toBe(200);
		expect(ok.json()).toEqual({ message: "Password updated successfully" });
		expect((await loginForm(app, user.email, "brand-new-password")).statusCode).toBe(200);
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(400);
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
		const { app } = await buildTestApp({ SIGNUP_ENABLED: "false" });
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
			"body.full_name": "Full name must be at least 3 characters",
		});
	});
});

describe("/users/{id}", () => {
	it("GET: self or superuser; 403 for another user before existence is checked; 404 User not found", async () => {
		const { app, admin } = await adminApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		expect((await api(app, "GET", `/users/${user.id}`, { headers: user.headers })).json().id).toBe(user.id);
		const peek = await api(app, "GET", `/users/${other.id}`, { headers: user.headers });
		expect(peek.statusCode).toBe(403);
		expect(peek.json()).toEqual(FORBIDDEN);
		const ghost = "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
		expect((await api(app, "GET", `/users/${ghost}`, { headers: user.headers })).statusCode).toBe(403);
		expect((await api(app, "GET", `/users/${other.id}`, { headers: admin.headers })).json().id).toBe(other.id);
		const missing = await api(app, "GET", `/users/${ghost}`, { headers: admin.headers });
		expect(missing.statusCode).toBe(404);
		expect(missing.json()).toEqual({ detail: "User not found" });
		const bad = await api(app, "GET", "/users/not-a-uuid", { headers: admin.headers });
		expect(bad.statusCode).toBe(422);
		expect(bad.json().detail[0]).toMatchObject({ loc: ["path", "user_id"], input: "not-a-uuid" });
	});

	it("PATCH: updates; 404 with its own text; 409 for a taken e-mail; a deactivation ends the user's sessions", async () => {
		const { app, admin } = await adminApp();
		const user = await seedUser(app);
		const res = await api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { full_name: "Renamed", is_superuser: true },
		});
		expect(res.statusCode).toBe(200);
		expect(res.json()).toMatchObject({ id: user.id, full_name: "Renamed", is_superuser: true });
		const missing = await api(app, "PATCH", "/users/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b", {
			headers: admin.headers,
			body: { full_name: "x" },
		});
		expect(missing.statusCode).toBe(404);
		expect(missing.json()).toEqual({ detail: "The user with this id does not exist in the system" });
		const taken = await api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { email: "Admin@Example.com" },
		});
		expect(taken.statusCode).toBe(409);
		expect(taken.json()).toEqual({ detail: "User with this email already exists" });
		const off = await api(app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { is_active: false } });
		expect(off.json().is_active).toBe(false);
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(401);
	});

	it("PATCH: a superuser may not deactivate or demote themselves (403)", async () => {
		const { app, admin } = await adminApp();
		await seedUser(app, { isSuperuser: true });
		for (const body of [{ is_active: false }, { is_superuser: false }]) {
			const res = await api(app, "PATCH", `/users/${admin.id}`, { headers: admin.headers, body });
			expect(res.statusCode).toBe(403);
			expect(res.json()).toEqual({ detail: "Super users are not allowed to deactivate or demote themselves" });
		}
		expect((await api(app, "GET", "/users/me", { headers: admin.headers })).json().is_superuser).toBe(true);
	});

	it("the last active superuser cannot be demoted, even by an actor whose own power was just taken", async () => {
		const { app, admin, db } = await adminApp();
		const second = await seedUser(app, { isSuperuser: true });
		const staleActor = findUserById(app.deps, second.id);
		if (!staleActor) throw new Error("seeded user missing");
		// Admin demotes the second superuser; the second's request was already authorised.
		await api(app, "PATCH", `/users/${second.id}`, { headers: admin.headers, body: { is_superuser: false } });
		const attempt = updateUser(app.deps, staleActor, admin.id, { is_superuser: false });
		await expect(attempt).rejects.toThrow(DomainError);
		await expect(attempt).rejects.toMatchObject({ reason: "LAST_SUPERUSER" });
		expect(db.select().from(users).where(eq(users.id, admin.id)).get()?.isSuperuser).toBe(true);
	});

	it("PATCH: a password set by an admin works and ends the user's sessions", async () => {
		const { app, admin } = await adminApp();
		const user = await seedUser(app);
		const res = await api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { password: "admin-chosen-pw" },
		});
		expect(res.statusCode).toBe(200);
		expect(res.body).not.toMatch(/argon2|password/i);
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(401);
		expect((await loginForm(app, user.email, "admin-chosen-pw")).statusCode).toBe(200);
	});

	it("PATCH racing a signup for the same e-mail gives 409 or 200, never a 500", async () => {
		const { app, admin } = await adminApp();
		const user = await seedUser(app);
		const signup = api(app, "POST", "/users/signup", {
			body: { email: "race@example.com", password: "a-good-password" },
		});
		const patch = api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { email: "race@example.com", password: "another-password" },
		});
		const [s, p] = await Promise.all([signup, patch]);
		// Whichever write lands first wins; the other gets its own "taken" answer.
		const outcome = [s.statusCode, p.statusCode];
		expect([
			[200, 409],
			[400, 200],
		]).toContainEqual(outcome);
		if (p.statusCode === 409) expect(p.json()).toEqual({ detail: "User with this email already exists" });
	});

	it("DELETE: removes the user and their sessions; 404 User not found; 403 on oneself", async () => {
		const { app, admin, db } = await adminApp();
		const user = await seedUser(app);
		const res = await api(app, "DELETE", `/users/${user.id}`, { headers: admin.headers });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: "User deleted successfully" });
		expect(db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
		expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
		const again = await api(app, "DELETE", `/users/${user.id}`, { headers: admin.headers });
		expect(again.statusCode).toBe(404);
		expect(again.json()).toEqual({ detail: "User not found" });
		const self = await api(app, "DELETE", `/users/${admin.id}`, { headers: admin.headers });
		expect(self.statusCode).toBe(403);
		expect(self.json()).toEqual({ detail: "Super users are not allowed to delete themselves" });
	});
});

describe("GET /utils/health-check/", () => {
	it("200 with the database up, 503 when it is gone", async () => {
		const { app, db } = await buildTestApp();
		const up = await api(app, "GET", "/utils/health-check/");
		expect(up.statusCode).toBe(200);
		expect(up.json()).toMatchObject({ status: "ok", database: "ok" });
		db.$client.close();
		const down = await api(app, "GET", "/utils/health-check/");
		expect(down.statusCode).toBe(503);
		expect(down.json()).toMatchObject({ status: "error", database: "error" });
	});
});
