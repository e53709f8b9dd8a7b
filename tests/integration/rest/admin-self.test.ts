import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { resetTokens, users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { mutate } from "../../helpers/trpc.ts";
import { enableTwoFactor } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * A superuser's own e-mail, password and two-factor are changed in Settings, with the
 * proofs those ask (a recent authentication, the current password, a way back for the old
 * address). The admin routes aimed at oneself would skip them: they refuse, and say where.
 */
const IN_SETTINGS = { detail: "Change your own email, password or two-factor authentication in Settings" };

async function setup() {
	const test = await buildTestApp();
	const admin = await seedUser(test.app, { isSuperuser: true, email: "boss@example.com" });
	const row = async () => await first(test.db.select().from(users).where(eq(users.id, admin.id)));
	return { ...test, admin, row };
}

describe("a superuser aiming the admin routes at themself", () => {
	it("PATCH /users/{own id} with a new e-mail or a password: 403, nothing changes", async () => {
		const { app, admin, row } = await setup();
		const before = await row();
		for (const body of [{ email: "elsewhere@example.com" }, { password: "a-password-without-proof" }]) {
			const res = await api(app, "PATCH", `/users/${admin.id}`, { headers: admin.headers, body });
			expect(res.statusCode).toBe(403);
			expect(res.json()).toEqual(IN_SETTINGS);
		}
		expect(await row()).toEqual(before);
		expect((await loginForm(app, "boss@example.com", admin.password)).statusCode).toBe(200);
	});

	it("PATCH /users/{own id} with the name (or the same e-mail) still works", async () => {
		const { app, admin, row } = await setup();
		const res = await api(app, "PATCH", `/users/${admin.id}`, {
			headers: admin.headers,
			body: { full_name: "The Boss", email: "boss@example.com" },
		});
		expect(res.statusCode).toBe(200);
		expect((await row())?.fullName).toBe("The Boss");
	});

	it("DELETE /users/{own id}/totp: 403, two-factor stays on", async () => {
		const { app, admin, now, row } = await setup();
		await enableTwoFactor(app, admin, now);
		const res = await api(app, "DELETE", `/users/${admin.id}/totp`, { headers: admin.headers });
		expect(res.statusCode).toBe(403);
		expect(res.json()).toEqual(IN_SETTINGS);
		expect((await row())?.totpEnabledAt).not.toBeNull();
	});

	it("POST /password-recovery-html-content/{own e-mail}: 403, no live reset link is made", async () => {
		const { app, admin, db } = await setup();
		const res = await api(app, "POST", `/password-recovery-html-content/${admin.email}`, { headers: admin.headers });
		expect(res.statusCode).toBe(403);
		expect(res.json()).toEqual(IN_SETTINGS);
		expect(await db.select().from(resetTokens)).toEqual([]);
	});

	it("the tRPC twins refuse the same, with the reason", async () => {
		const { app, admin, now, row } = await setup();
		await enableTwoFactor(app, admin, now);
		const before = await row();
		const refusal = { httpStatus: 403, reason: "OWN_ACCOUNT_IN_SETTINGS" };
		const asAdmin = { headers: admin.headers };
		const email = await mutate(app, "admin.update", { user_id: admin.id, email: "else@example.com" }, asAdmin);
		expect(email.error).toMatchObject(refusal);
		const password = await mutate(app, "admin.update", { user_id: admin.id, password: "no-proof-needed" }, asAdmin);
		expect(password.error).toMatchObject(refusal);
		expect((await mutate(app, "twoFactor.reset", { user_id: admin.id }, asAdmin)).error).toMatchObject(refusal);
		expect(await row()).toEqual(before);
	});

	it("another superuser's e-mail, password and two-factor stay theirs to change", async () => {
		const { app, admin, now } = await setup();
		const other = await seedUser(app, { isSuperuser: true });
		await enableTwoFactor(app, other, now);
		const patch = await api(app, "PATCH", `/users/${other.id}`, {
			headers: admin.headers,
			body: { email: "other-boss@example.com", password: "set-by-an-admin" },
		});
		expect(patch.statusCode).toBe(200);
		expect((await api(app, "DELETE", `/users/${other.id}/totp`, { headers: admin.headers })).statusCode).toBe(200);
	});
});
