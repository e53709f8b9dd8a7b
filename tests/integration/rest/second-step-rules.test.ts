import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, mfaTokens, resetTokens, users } from "../../../server/db/schema.ts";
import { hashSecretHex } from "../../../server/lib/tokens.ts";
import { MFA_TOKEN_TTL_MS } from "../../../server/services/sign-in/two-factor.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf, outbox, type TwoFactorUser } from "../../helpers/two-factor.ts";
import { newSession, seedUser, type TestUser } from "../../helpers/users.ts";

/**
 * The second login step keeps the rules of the first: a token for it ends where the
 * account's sessions end, it is refused for an address that must be proved and is not,
 * and every refused login, the right password of a deactivated account included, is an
 * `auth.login_failed` row with a reason word.
 */
const EXPIRED = { detail: "This sign-in has expired, please log in again" };
const RESET_TOKEN = "r".repeat(43);

type World = TestApp & { user: TwoFactorUser; admin: TestUser };

async function world(env: Record<string, string> = {}): Promise<World> {
	const test = await buildTestApp({ env });
	const user = await enableTwoFactor(test.app, await seedUser(test.app, { password: "the-old-password" }), test.now);
	return { ...test, user, admin: await seedUser(test.app, { isSuperuser: true }) };
}

const secondStep = (w: World, mfaToken: string) =>
	api(w.app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code: totpAt(w.user.secret, w.now(), 1) } });

const failedLogins = async (w: World) =>
	(await w.db.select().from(auditEvents).where(eq(auditEvents.action, "auth.login_failed"))).map((row) => ({
		subjectId: row.subjectId,
		details: JSON.parse(row.details),
	}));

/** Everything that ends the account's sessions, each as the API does it. */
const sessionEnders: Record<string, (w: World) => Promise<{ statusCode: number }>> = {
	"the owner's password change": (w) =>
		api(w.app, "PATCH", "/users/me/password", {
			headers: w.user.headers,
			body: { current_password: "the-old-password", new_password: "a-new-password" },
		}),
	"a password reset": async (w) => {
		await w.db.insert(resetTokens).values({
			tokenHash: hashSecretHex(RESET_TOKEN),
			userId: w.user.id,
			expiresAt: w.now() + 60_000,
			createdAt: w.now(),
		});
		return api(w.app, "POST", "/reset-password/", { body: { token: RESET_TOKEN, new_password: "a-new-password" } });
	},
	"an admin setting the password": (w) =>
		api(w.app, "PATCH", `/users/${w.user.id}`, { headers: w.admin.headers, body: { password: "a-new-password" } }),
	"a deactivation": (w) =>
		api(w.app, "PATCH", `/users/${w.user.id}`, { headers: w.admin.headers, body: { is_active: false } }),
	"sign out everywhere": (w) => api(w.app, "POST", "/login/logout-all", { headers: w.user.headers }),
	"sign out the other devices": (w) => api(w.app, "DELETE", "/users/me/sessions", { headers: w.user.headers }),
	"an admin signing the user out": (w) =>
		api(w.app, "DELETE", `/users/${w.user.id}/sessions`, { headers: w.admin.headers }),
	"a deletion": (w) => api(w.app, "DELETE", `/users/${w.user.id}`, { headers: w.admin.headers }),
};

describe("an mfa token (the first step's proof of the password)", () => {
	it.each(Object.entries(sessionEnders))("ends with %s: the second step must start again", async (_name, end) => {
		const w = await world();
		const token = await mfaTokenOf(w.app, w.user);
		expect((await end(w)).statusCode).toBe(200);
		expect(await w.db.select().from(mfaTokens).where(eq(mfaTokens.userId, w.user.id))).toEqual([]);
		const res = await secondStep(w, token);
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual(EXPIRED);
	});

	it("still completes a login when nothing ended the sessions (a login on another device meanwhile)", async () => {
		const w = await world();
		const token = await mfaTokenOf(w.app, w.user);
		await newSession(w.app, w.user);
		expect((await secondStep(w, token)).statusCode).toBe(200);
	});
});

describe("under EMAIL_VERIFICATION=required", () => {
	it("the second step refuses an address that became unproved after the first, and mails a link", async () => {
		const w = await world({ EMAIL_VERIFICATION: "required" });
		const token = await mfaTokenOf(w.app, w.user);
		await w.db.update(users).set({ emailVerified: false }).where(eq(users.id, w.user.id));
		const mailsBefore = (await outbox(w.app, w.dataDir)).length;
		const res = await secondStep(w, token);
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual({ detail: "Email not verified" });
		expect(await w.db.select().from(mfaTokens).where(eq(mfaTokens.userId, w.user.id))).toEqual([]);
		expect(await failedLogins(w)).toEqual([
			{ subjectId: w.user.id, details: { during: "two_factor", reason: "email_not_verified" } },
		]);
		const mails = await outbox(w.app, w.dataDir);
		expect(mails).toHaveLength(mailsBefore + 1);
	});
});

describe("refused logins in the audit log", () => {
	it("the right password of a deactivated account", async () => {
		const w = await world();
		await w.db.update(users).set({ isActive: false }).where(eq(users.id, w.user.id));
		const res = await loginForm(w.app, w.user.email, "the-old-password");
		expect(res.json()).toEqual({ detail: "Inactive user" });
		expect(await failedLogins(w)).toEqual([{ subjectId: w.user.id, details: { reason: "inactive" } }]);
	});

	it("the right password of an unproved address under EMAIL_VERIFICATION=required", async () => {
		const w = await world({ EMAIL_VERIFICATION: "required" });
		await w.db.update(users).set({ emailVerified: false }).where(eq(users.id, w.user.id));
		const res = await loginForm(w.app, w.user.email, "the-old-password");
		expect(res.json()).toEqual({ detail: "Email not verified" });
		expect(await failedLogins(w)).toEqual([{ subjectId: w.user.id, details: { reason: "email_not_verified" } }]);
	});

	it("an unknown or malformed mfa token (no account known), and an expired one (on its account)", async () => {
		const w = await world();
		await secondStep(w, "x".repeat(43));
		await secondStep(w, "not a token");
		const token = await mfaTokenOf(w.app, w.user);
		w.advance(MFA_TOKEN_TTL_MS);
		expect((await secondStep(w, token)).json()).toEqual(EXPIRED);
		expect(await failedLogins(w)).toEqual([
			{ subjectId: null, details: { during: "two_factor", reason: "mfa_token_invalid" } },
			{ subjectId: null, details: { during: "two_factor", reason: "mfa_token_invalid" } },
			{ subjectId: w.user.id, details: { during: "two_factor", reason: "mfa_token_expired" } },
		]);
		// A reason word, never the token.
		expect(JSON.stringify(await w.db.select().from(auditEvents))).not.toContain(token);
	});
});
