import { describe, expect, it } from "vitest";
import { type AuditEventRow, auditEvents, users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { settled } from "../../helpers/settled.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

type App = Awaited<ReturnType<typeof buildTestApp>>;
const rows = ({ db }: App): AuditEventRow[] => db.select().from(auditEvents).all();
const actions = (test: App) => rows(test).map((row) => row.action);

describe("every account event leaves one audit row", () => {
	it("records who did what to whom, from where, in the order it happened", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const admin = await seedUser(app, { isSuperuser: true, email: "boss@example.com" });
		const signup = await api(app, "POST", "/users/signup", {
			ip: "10.9.0.1",
			headers: { "user-agent": "Firefox/140" },
			body: { email: "ada@example.com", password: "first-password-1", full_name: "Ada" },
		});
		expect(signup.statusCode).toBe(200);
		const ada = signup.json() as { id: string };
		expect((await loginForm(app, "ada@example.com", "wrong-password", { ip: "10.9.0.2" })).statusCode).toBe(400);
		const login = await loginForm(app, "ada@example.com", "first-password-1", { ip: "10.9.0.3" });
		const tokens = login.json() as { access_token: string; refresh_token: string };
		const change = await api(app, "PATCH", "/users/me/password", {
			headers: bearer(tokens.access_token),
			body: { current_password: "first-password-1", new_password: "second-password-2" },
		});
		expect(change.statusCode).toBe(200);
		await api(app, "PATCH", `/users/${ada.id}`, {
			headers: admin.headers,
			body: { full_name: "Ada L.", is_superuser: false },
		});
		await api(app, "POST", "/login/logout", { headers: bearer(tokens.access_token) });
		await api(app, "DELETE", `/users/${ada.id}`, { headers: admin.headers });

		expect(actions(test)).toEqual([
			"user.signup",
			"auth.login_failed",
			"auth.login",
			"password.change",
			"admin.user_update",
			"auth.logout",
			"admin.user_delete",
		]);
		const [signedUp, failed, loggedIn, , updated, , deleted] = rows(test);
		expect(signedUp).toMatchObject({
			actorId: ada.id,
			subjectId: ada.id,
			subjectEmail: "ada@example.com",
			ip: "10.9.0.1",
			userAgent: "Firefox/140",
		});
		expect(failed).toMatchObject({ actorId: null, subjectId: ada.id, ip: "10.9.0.2" });
		expect(loggedIn).toMatchObject({ actorId: ada.id, ip: "10.9.0.3" });
		expect(JSON.parse(updated?.details ?? "")).toEqual({ fields: ["full_name", "is_superuser"] });
		expect(updated).toMatchObject({ actorId: admin.id, actorEmail: "boss@example.com", subjectId: ada.id });
		// The row outlives the user it is about.
		expect(deleted).toMatchObject({ actorId: admin.id, subjectId: ada.id, subjectEmail: "ada@example.com" });
	});

	it("records resets, refresh-token reuse, logout-all and self-deletion", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const user = await seedUser(app);
		const second = newSession(app, user);
		await api(app, "POST", `/password-recovery/${user.email}`);
		await settled(app);
		const rotated = await api(app, "POST", "/login/refresh-token", { body: { refresh_token: second.refresh_token } });
		expect(rotated.statusCode).toBe(200);
		await api(app, "POST", "/login/refresh-token", { body: { refresh_token: second.refresh_token } });
		await api(app, "POST", "/login/logout-all", { headers: user.headers });
		const another = await seedUser(app);
		await api(app, "DELETE", "/users/me", { headers: another.headers });
		expect(actions(test)).toEqual(["password.reset_request", "auth.refresh_reuse", "auth.logout_all", "user.delete"]);
	});

	it("an unknown e-mail's failed login is not written down (it may be a mistyped password)", async () => {
		const test = await buildTestApp();
		await loginForm(test.app, "my-Secret-Passw0rd@example.com", "whatever-1");
		expect(rows(test)).toEqual([
			expect.objectContaining({ action: "auth.login_failed", subjectId: null, subjectEmail: null }),
		]);
		expect(JSON.stringify(rows(test))).not.toContain("Secret");
	});

	it("no change without its record: when the row cannot be written, the change rolls back", async () => {
		const test = await buildTestApp();
		const { app, db } = test;
		const user = await seedUser(app);
		db.$client.exec(
			"CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'audit log unavailable'); END",
		);
		const res = await api(app, "PATCH", "/users/me/password", {
			headers: user.headers,
			body: { current_password: user.password, new_password: "never-written-1" },
		});
		expect(res.statusCode).toBe(500);
		db.$client.exec("DROP TRIGGER refuse_audit");
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(200);
		expect((await loginForm(app, user.email, "never-written-1", { ip: "10.0.0.2" })).statusCode).toBe(400);
		expect(db.select().from(users).all()).toHaveLength(1);
	});
});
