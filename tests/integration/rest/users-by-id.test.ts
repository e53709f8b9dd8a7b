import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { media, profiles, resetTokens, sessions, users } from "../../../server/db/schema.ts";
import { DomainError } from "../../../server/domain/errors.ts";
import { updateUser } from "../../../server/services/admin/users.ts";
import { findUserById } from "../../../server/services/users/records.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { takeDatabaseDown } from "../../helpers/database-down.ts";
import { onPostgres } from "../../helpers/engine.ts";
import { API, api, FORBIDDEN, loginForm } from "../../helpers/http.ts";
import { makePng } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { settled } from "../../helpers/settled.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

describe("/users/{id}", () => {
	it("GET: self or superuser; 403 for another user before existence is checked; 404 User not found", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
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
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
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
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		await seedUser(app, { isSuperuser: true });
		for (const body of [{ is_active: false }, { is_superuser: false }]) {
			const res = await api(app, "PATCH", `/users/${admin.id}`, { headers: admin.headers, body });
			expect(res.statusCode).toBe(403);
			expect(res.json()).toEqual({ detail: "Super users are not allowed to deactivate or demote themselves" });
		}
		expect((await api(app, "GET", "/users/me", { headers: admin.headers })).json().is_superuser).toBe(true);
	});

	it("the last active superuser cannot be demoted, even by an actor whose own power was just taken", async () => {
		const { app, db } = await buildTestApp();
		const admin = await seedAdmin(app);
		const second = await seedUser(app, { isSuperuser: true });
		const staleUser = await findUserById(app.deps, second.id);
		const session = await first(db.select().from(sessions).where(eq(sessions.userId, second.id)));
		if (!staleUser || !session) throw new Error("seeded user missing");
		const staleActor = { user: staleUser, session };
		// Admin demotes the second superuser; the second's request was already authorised.
		await api(app, "PATCH", `/users/${second.id}`, { headers: admin.headers, body: { is_superuser: false } });
		const attempt = updateUser(app.deps, staleActor, admin.id, { is_superuser: false });
		await expect(attempt).rejects.toThrow(DomainError);
		await expect(attempt).rejects.toMatchObject({ reason: "LAST_SUPERUSER" });
		expect((await first(db.select().from(users).where(eq(users.id, admin.id))))?.isSuperuser).toBe(true);
	});

	it("PATCH: a password set by an admin works and ends the user's sessions", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
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
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
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
		const { app, db } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		// Everything a user can own: a profile, an uploaded image, an outstanding reset link.
		expect((await api(app, "PUT", "/profile/me", { headers: user.headers, body: { age: 44 } })).statusCode).toBe(200);
		const form = uploadForm(user.id, await makePng(), "me.png", "image/png");
		const upload = await app.inject({
			method: "POST",
			url: `${API}/media/upload`,
			headers: { ...user.headers, ...form.headers },
			payload: form.payload,
		});
		expect(upload.statusCode).toBe(200);
		const fileId = (upload.json() as { file_id: string }).file_id;
		const onDisk = () =>
			readdirSync(app.deps.config.dataDir, { recursive: true })
				.map(String)
				.filter((f) => f.includes(fileId));
		expect(onDisk()).not.toEqual([]);
		expect((await api(app, "POST", `/password-recovery/${user.email}`)).statusCode).toBe(200);
		await settled(app);
		const rowsOf = async () => ({
			sessions: (await db.select().from(sessions).where(eq(sessions.userId, user.id))).length,
			profiles: (await db.select().from(profiles).where(eq(profiles.userId, user.id))).length,
			media: (await db.select().from(media).where(eq(media.ownerId, user.id))).length,
			resetTokens: (await db.select().from(resetTokens).where(eq(resetTokens.userId, user.id))).length,
		});
		expect(await rowsOf()).toEqual({ sessions: 1, profiles: 1, media: 1, resetTokens: 1 });
		const res = await api(app, "DELETE", `/users/${user.id}`, { headers: admin.headers });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: "User deleted successfully" });
		expect(await first(db.select().from(users).where(eq(users.id, user.id)))).toBeUndefined();
		expect(await rowsOf()).toEqual({ sessions: 0, profiles: 0, media: 0, resetTokens: 0 });
		await settled(app);
		expect(onDisk()).toEqual([]);
		const again = await api(app, "DELETE", `/users/${user.id}`, { headers: admin.headers });
		expect(again.statusCode).toBe(404);
		expect(again.json()).toEqual({ detail: "User not found" });
		const self = await api(app, "DELETE", `/users/${admin.id}`, { headers: admin.headers });
		expect(self.statusCode).toBe(403);
		expect(self.json()).toEqual({ detail: "Super users are not allowed to delete themselves" });
	});
});

describe("GET /utils/health-check/", () => {
	it("true with the database up (as the FastAPI template answers), 503 when it is gone", async () => {
		const { app, db } = await buildTestApp();
		const up = await api(app, "GET", "/utils/health-check/");
		expect(up.statusCode).toBe(200);
		expect(up.headers["content-type"]).toMatch(/^application\/json/);
		expect(up.json()).toBe(true);
		const details = await api(app, "GET", "/utils/health-check/details");
		expect(details.statusCode).toBe(200);
		// On PostgreSQL media and mail on this host's disk are warned of (several instances would not share them).
		const warnings = onPostgres ? { warnings: ["media_on_host_disk", "mail_outbox_on_host_disk"] } : {};
		expect(details.json()).toEqual({ status: "ok", database: "ok", storage: "ok", ...warnings });
		await takeDatabaseDown(db);
		const down = await api(app, "GET", "/utils/health-check/");
		expect(down.statusCode).toBe(503);
		expect(down.json()).toEqual({ detail: "Service unavailable" });
		const downDetails = await api(app, "GET", "/utils/health-check/details");
		expect(downDetails.statusCode).toBe(503);
		expect(downDetails.json()).toMatchObject({ status: "error", database: "error" });
	});
});
