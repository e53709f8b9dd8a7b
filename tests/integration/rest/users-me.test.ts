import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

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
			email_verified: true,
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
		// 255 as in the FastAPI template; 30 is the profile form's rule.
		const long = await api(app, "PATCH", "/users/me", { headers: user.headers, body: { full_name: "x".repeat(256) } });
		expect(long.statusCode).toBe(422);
		expect(long.json().detail[0]).toMatchObject({
			loc: ["body", "full_name"],
			msg: "Must be no more than 255 characters",
		});
		const thirtyOne = await api(app, "PATCH", "/users/me", {
			headers: user.headers,
			body: { full_name: "x".repeat(31) },
		});
		expect(thirtyOne.statusCode).toBe(200);
	});

	it("DELETE removes a user with their sessions; a superuser may not delete themselves", async () => {
		const { app, db } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		const res = await api(app, "DELETE", "/users/me", { headers: user.headers });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: "User deleted successfully" });
		expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(401);
		const self = await api(app, "DELETE", "/users/me", { headers: admin.headers });
		expect(self.statusCode).toBe(403);
		expect(self.json()).toEqual({ detail: "Super users are not allowed to delete themselves" });
	});
});

describe("PATCH /users/me/password", () => {
	it("checks the current password first, then refuses the same password, then changes it", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		const path = "/users/me/password";
		const wrong = await api(app, "PATCH", path, {
			headers: user.headers,
			body: { current_password: "wrong-password", new_password: "wrong-password" },
		});
		expect(wrong.statusCode).toBe(400);
		expect(wrong.json()).toEqual({ detail: "Incorrect password" });
		advance(1000); // the one-second back-off after a wrong current password
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
