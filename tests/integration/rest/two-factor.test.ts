import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { auditEvents, recoveryCodes, users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, FORBIDDEN, loginForm } from "../../helpers/http.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf, outbox } from "../../helpers/two-factor.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

const MINUTE = 60_000;
const CONFIRM = { detail: "Please confirm your identity" };
const INVALID_CODE = { detail: "Invalid two-factor code" };
const RECOVERY_CODE = /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/;

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];
const twoFactorOn = async (app: App, userId: string) =>
	(await first(app.deps.db.select().from(users).where(eq(users.id, userId))))?.totpEnabledAt != null;

describe("two-factor setup and enable", () => {
	it("setup answers a 160-bit secret, its otpauth URL and a QR code made here, and enables nothing yet", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { email: "setup@example.com" });
		const res = await api(app, "POST", "/users/me/totp/setup", { headers: user.headers });
		expect(res.statusCode).toBe(200);
		expect(res.headers["cache-control"]).toBe("no-store");
		const body = res.json();
		expect(Object.keys(body).sort()).toEqual(["otpauth_url", "qr_svg", "secret"]);
		expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
		expect(body.otpauth_url).toBe(
			`otpauth://totp/Portico:setup%40example.com?issuer=Portico&algorithm=SHA1&secret=${body.secret}&period=30&digits=6`,
		);
		expect(body.qr_svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+">.*<\/svg>$/);
		expect(body.qr_svg).not.toMatch(/<script|href|https?:\/\/(?!www\.w3\.org)/);
		const status = await api(app, "GET", "/users/me/totp", { headers: user.headers });
		expect(status.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
		// Not live: the password alone still signs in.
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(200);
	});

	it("the secret is stored encrypted, never as the text shown", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const { secret } = (await api(app, "POST", "/users/me/totp/setup", { headers: user.headers })).json();
		const row = await first(db.select().from(users).where(eq(users.id, user.id)));
		expect(row?.totpSecret).toMatch(/^v1\./);
		expect(row?.totpSecret).not.toContain(secret);
		expect(row?.totpEnabledAt).toBeNull();
	});

	it("setup and enable each need a recent proof of identity", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		advance(11 * MINUTE);
		const late = await api(app, "POST", "/users/me/totp/setup", { headers: user.headers });
		expect(late.statusCode).toBe(403);
		expect(late.json()).toEqual(CONFIRM);
		await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: { password: user.password } });
		const { secret } = (await api(app, "POST", "/users/me/totp/setup", { headers: user.headers })).json();
		advance(11 * MINUTE);
		// Whoever holds the session for a moment must not bind the account to their own app.
		const stale = await api(app, "POST", "/users/me/totp/enable", {
			headers: user.headers,
			body: { code: totpAt(secret, app.deps.clock()) },
		});
		expect(stale.statusCode).toBe(403);
		expect(stale.json()).toEqual(CONFIRM);
		expect(await twoFactorOn(app, user.id)).toBe(false);
		await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: { password: user.password } });
		const enable = await api(app, "POST", "/users/me/totp/enable", {
			headers: user.headers,
			body: { code: totpAt(secret, app.deps.clock()) },
		});
		expect(enable.statusCode).toBe(200);
		expect(await twoFactorOn(app, user.id)).toBe(true);
	});

	it("enable: a wrong code is 400 and enables nothing; the right one answers 10 single-use codes, shown once", async () => {
		const { app, now, db, dataDir } = await buildTestApp();
		const user = await seedUser(app, { email: "enable@example.com" });
		const noSetup = await api(app, "POST", "/users/me/totp/enable", {
			headers: user.headers,
			body: { code: "123456" },
		});
		expect(noSetup.statusCode).toBe(400);
		expect(noSetup.json()).toEqual({ detail: "Set up two-factor authentication first" });
		const { secret } = (await api(app, "POST", "/users/me/totp/setup", { headers: user.headers })).json();
		for (const code of [totpAt(secret, now(), 2), "000000", "not a code"]) {
			const wrong = await api(app, "POST", "/users/me/totp/enable", { headers: user.headers, body: { code } });
			expect(wrong.statusCode).toBe(400);
			expect(wrong.json()).toEqual(INVALID_CODE);
		}
		expect((await api(app, "GET", "/users/me/totp", { headers: user.headers })).json().enabled).toBe(false);
		const right = await api(app, "POST", "/users/me/totp/enable", {
			headers: user.headers,
			body: { code: totpAt(secret, now()) },
		});
		expect(right.statusCode).toBe(200);
		expect(right.headers["cache-control"]).toBe("no-store");
		const codes: string[] = right.json().recovery_codes;
		expect(codes).toHaveLength(10);
		expect(new Set(codes).size).toBe(10);
		for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
		const status = (await api(app, "GET", "/users/me/totp", { headers: user.headers })).json();
		expect(status).toEqual({ enabled: true, enabled_at: new Date(now()).toISOString(), recovery_codes_left: 10 });
		// Only hashes are kept.
		const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
		expect(stored).toHaveLength(10);
		for (const row of stored) expect(codes.some((code) => row.codeHash.includes(code.replaceAll("-", "")))).toBe(false);
		// Once on: no second setup or enable.
		for (const path of ["/users/me/totp/setup", "/users/me/totp/enable"]) {
			const again = await api(app, "POST", path, { headers: user.headers, body: { code: totpAt(secret, now(), 1) } });
			expect(again.statusCode).toBe(400);
			expect(again.json()).toEqual({ detail: "Two-factor authentication is already enabled" });
		}
		const [notice] = await outbox(app, dataDir);
		expect(notice?.subject).toBe("Two-factor authentication enabled");
		expect(notice?.headers.to).toBe("enable@example.com");
	});

	it("the code that enabled two-factor cannot also sign in: a code is never accepted twice", async () => {
		const { app, now } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const token = await mfaTokenOf(app, user);
		const replay = await api(app, "POST", "/login/mfa", {
			body: { mfa_token: token, code: totpAt(user.secret, now()) },
		});
		expect(replay.statusCode).toBe(400);
		expect(replay.json()).toEqual(INVALID_CODE);
	});

	it("422 for a missing or non-text code, in FastAPI's shape, with the product's texts", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const cases: Array<[object, string, string]> = [
			[{}, "missing", "Enter the code"],
			[{ code: "" }, "string_too_short", "Enter the code"],
			[{ code: "   " }, "string_too_short", "Enter the code"],
			[{ code: 123456 }, "string_type", "Must be text"],
			[{ code: "1".repeat(256) }, "string_too_long", "Must be no more than 255 characters"],
		];
		for (const [body, type, msg] of cases) {
			const res = await api(app, "POST", "/users/me/totp/enable", { headers: user.headers, body });
			expect(res.statusCode).toBe(422);
			expect(res.json().detail[0]).toMatchObject({ type, loc: ["body", "code"], msg });
		}
	});
});

describe("recovery codes, disable and the admin reset", () => {
	it("new recovery codes need a recent proof of identity, and the old ones stop working", async () => {
		const { app, now, advance } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		advance(11 * MINUTE);
		const late = await api(app, "POST", "/users/me/recovery-codes", { headers: user.headers });
		expect(late.statusCode).toBe(403);
		expect(late.json()).toEqual(CONFIRM);
		await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: { password: user.password } });
		const fresh = await api(app, "POST", "/users/me/recovery-codes", { headers: user.headers });
		expect(fresh.statusCode).toBe(200);
		const codes: string[] = fresh.json().recovery_codes;
		expect(codes).toHaveLength(10);
		expect(codes.some((code) => user.recoveryCodes.includes(code))).toBe(false);
		const old = await api(app, "POST", "/login/mfa", {
			body: { mfa_token: await mfaTokenOf(app, user), code: user.recoveryCodes[0] },
		});
		expect(old.json()).toEqual(INVALID_CODE);
		advance(2_000);
		const current = await api(app, "POST", "/login/mfa", {
			body: { mfa_token: await mfaTokenOf(app, user), code: codes[0] },
		});
		expect(current.statusCode).toBe(200);
	});

	it("new recovery codes without two-factor: 400", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await api(app, "POST", "/users/me/recovery-codes", { headers: user.headers });
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual({ detail: "Two-factor authentication is not enabled" });
	});

	it("disable needs a recent proof of identity; then the password alone signs in again, and the owner is told", async () => {
		const { app, now, advance, db, dataDir } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		advance(11 * MINUTE);
		const late = await api(app, "DELETE", "/users/me/totp", { headers: user.headers });
		expect(late.statusCode).toBe(403);
		await api(app, "POST", "/login/reauthenticate", {
			headers: user.headers,
			body: { code: totpAt(user.secret, now()) },
		});
		const off = await api(app, "DELETE", "/users/me/totp", { headers: user.headers });
		expect(off.statusCode).toBe(200);
		expect(off.json()).toEqual({ message: "Two-factor authentication disabled" });
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(200);
		const row = await first(db.select().from(users).where(eq(users.id, user.id)));
		expect([row?.totpSecret, row?.totpEnabledAt, row?.totpLastStep]).toEqual([null, null, null]);
		expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
		// Off already: the same answer, no second audit row or notice.
		expect((await api(app, "DELETE", "/users/me/totp", { headers: user.headers })).statusCode).toBe(200);
		const subjects = (await outbox(app, dataDir)).map((mail) => mail.subject);
		expect(subjects.sort()).toEqual(["Two-factor authentication disabled", "Two-factor authentication enabled"]);
		const actions = (await db.select().from(auditEvents)).map((event) => event.action);
		expect(actions.filter((action) => action === "totp.disable")).toHaveLength(1);
	});

	it("a superuser turns off a user's two-factor (lost phone and codes), with an audit row naming them", async () => {
		const { app, now, db, dataDir } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const other = await seedUser(app);
		const refused = await api(app, "DELETE", `/users/${user.id}/totp`, { headers: other.headers });
		expect(refused.statusCode).toBe(403);
		expect(refused.json()).toEqual(FORBIDDEN);
		const unknown = await api(app, "DELETE", "/users/3f1c2b4a-1d2e-4f5a-8b6c-7d8e9f0a1b2c/totp", {
			headers: admin.headers,
		});
		expect(unknown.statusCode).toBe(404);
		expect(unknown.json()).toEqual({ detail: "User not found" });
		// What the admin's dialog shows first: whether the user has two-factor at all.
		const before = await api(app, "GET", `/users/${user.id}/totp`, { headers: admin.headers });
		expect(before.json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
		expect((await api(app, "GET", `/users/${user.id}/totp`, { headers: other.headers })).statusCode).toBe(403);
		const reset = await api(app, "DELETE", `/users/${user.id}/totp`, { headers: admin.headers });
		expect(reset.statusCode).toBe(200);
		expect(reset.json()).toEqual({ message: "Two-factor authentication disabled" });
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(200);
		const after = await api(app, "GET", `/users/${user.id}/totp`, { headers: admin.headers });
		expect(after.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
		const event = await first(db.select().from(auditEvents).where(eq(auditEvents.action, "admin.totp_reset")));
		expect(event).toMatchObject({ actorId: admin.id, actorEmail: admin.email, subjectId: user.id });
		const notice = (await outbox(app, dataDir)).find((mail) => mail.subject === "Two-factor authentication reset");
		expect(notice?.text).toContain("An administrator turned off two-factor authentication");
	});
});

describe("the audit trail of two-factor", () => {
	it("records enable, code use, new codes and disable, and never a secret or a code", async () => {
		const { app, now, advance, db } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const { secret } = user;
		const login = await api(app, "POST", "/login/mfa", {
			body: { mfa_token: await mfaTokenOf(app, user), code: user.recoveryCodes[3] },
		});
		expect(login.statusCode).toBe(200);
		advance(1000);
		const regenerated = (await api(app, "POST", "/users/me/recovery-codes", { headers: user.headers })).json();
		await api(app, "DELETE", "/users/me/totp", { headers: user.headers });
		const events = await db.select().from(auditEvents);
		expect(events.map((event) => event.action)).toEqual([
			"totp.enable",
			"recovery_code.use",
			"auth.login",
			"recovery_codes.regenerate",
			"totp.disable",
		]);
		expect(JSON.parse(events[1]?.details ?? "{}")).toEqual({ remaining: 9 });
		expect(JSON.parse(events[2]?.details ?? "{}")).toEqual({ method: "password", factor: "recovery_code" });
		const everything = JSON.stringify(events).toLowerCase();
		const row = await first(db.select().from(users).where(eq(users.id, user.id)));
		for (const forbidden of [
			secret,
			...user.recoveryCodes,
			...regenerated.recovery_codes,
			...user.recoveryCodes.map((code) => code.replaceAll("-", "")),
		])
			expect(everything).not.toContain(forbidden.toLowerCase());
		expect(row?.totpSecret).toBeNull();
	});
});

describe("re-authentication with a two-factor code", () => {
	it("a code of the app or a recovery code confirms the identity; a wrong one is 400 and counts as a failed login", async () => {
		const { app, now, advance, db } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		advance(11 * MINUTE);
		const wrong = await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: { code: "000000" } });
		expect(wrong.statusCode).toBe(400);
		expect(wrong.json()).toEqual(INVALID_CODE);
		expect(
			(await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: { code: "111111" } })).statusCode,
		).toBe(429);
		advance(1000);
		const byApp = await api(app, "POST", "/login/reauthenticate", {
			headers: user.headers,
			body: { code: totpAt(user.secret, now()) },
		});
		expect(byApp.statusCode).toBe(200);
		expect(byApp.json()).toEqual({ message: "Identity confirmed" });
		expect((await api(app, "POST", "/users/me/recovery-codes", { headers: user.headers })).statusCode).toBe(200);
		advance(11 * MINUTE);
		const fresh = (await api(app, "GET", "/users/me/totp", { headers: user.headers })).json();
		expect(fresh.recovery_codes_left).toBe(10);
		const codes = (await db.select().from(auditEvents)).map((event) => [event.action, JSON.parse(event.details)]);
		expect(codes).toContainEqual(["auth.reauthenticate", { method: "totp" }]);
		expect(codes).toContainEqual(["auth.login_failed", { during: "reauthenticate" }]);
	});

	it("an account without two-factor: any code is invalid", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: { code: "123456" } });
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual(INVALID_CODE);
	});

	it("422: no proof at all asks for the password; two at once are refused", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const none = await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: {} });
		expect(none.statusCode).toBe(422);
		expect(none.json().detail[0]).toMatchObject({ loc: ["body", "password"], msg: "Password is required" });
		const both = await api(app, "POST", "/login/reauthenticate", {
			headers: user.headers,
			body: { password: user.password, code: "123456" },
		});
		expect(both.statusCode).toBe(422);
		expect(both.json().detail[0]).toMatchObject({ loc: ["body"], msg: "Send only one of password, code or passkey" });
	});
});
