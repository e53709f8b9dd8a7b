import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { auditEvents, mfaTokens, recoveryCodes, users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, api, bearer, loginForm, TOKEN_SHAPE } from "../../helpers/http.ts";
import { multipart } from "../../helpers/multipart.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf, outbox } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";

const INVALID_CODE = { detail: "Invalid two-factor code" };
const EXPIRED = { detail: "This sign-in has expired, please log in again" };

const mfa = (app: Parameters<typeof api>[0], mfa_token: string, code: string | undefined, ip = "127.0.0.1") =>
	api(app, "POST", "/login/mfa", { body: { mfa_token, code }, ip });

describe("login with two-factor", () => {
	it("the right password answers 401 with an opaque mfa_token, never cached; the second step answers the token pair", async () => {
		const { app, now, db } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const first = await loginForm(app, user.email, user.password);
		expect(first.statusCode).toBe(401);
		const body = first.json();
		expect(Object.keys(body).sort()).toEqual(["detail", "mfa_token"]);
		expect(body.detail).toBe("Two-factor code required");
		expect(body.mfa_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(first.headers["cache-control"]).toBe("no-store");
		expect(first.headers["www-authenticate"]).toBe("Bearer");
		expect(first.headers["set-cookie"]).toBeUndefined();
		// Only a hash of it is kept.
		expect((await db.select().from(mfaTokens)).map((row) => row.tokenHash)).not.toContain(body.mfa_token);

		const second = await mfa(app, body.mfa_token, totpAt(user.secret, now(), 1));
		expect(second.statusCode).toBe(200);
		expect(second.headers["cache-control"]).toBe("no-store");
		expect(second.headers["set-cookie"]).toMatch(/^portico_session=/);
		expect(second.json().access_token).toMatch(TOKEN_SHAPE);
		const me = await api(app, "GET", "/users/me", { headers: bearer(second.json().access_token) });
		expect(me.json().email).toBe(user.email);
		// Single use.
		const again = await mfa(app, body.mfa_token, totpAt(user.secret, now(), -1));
		expect(again.statusCode).toBe(400);
		expect(again.json()).toEqual(EXPIRED);
	});

	it("one step of drift either way, and never the same step twice", async () => {
		const { app, now, advance } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		advance(5 * 30_000);
		// Two steps back: refused.
		const stale = await mfa(app, await mfaTokenOf(app, user), totpAt(user.secret, now(), -2));
		expect(stale.json()).toEqual(INVALID_CODE);
		advance(1000);
		expect((await mfa(app, await mfaTokenOf(app, user), totpAt(user.secret, now(), -1))).statusCode).toBe(200);
		// The same code again, or the one before it: never.
		const replay = await mfa(app, await mfaTokenOf(app, user), totpAt(user.secret, now(), -1));
		expect(replay.json()).toEqual(INVALID_CODE);
		advance(2000);
		expect((await mfa(app, await mfaTokenOf(app, user), totpAt(user.secret, now(), 1))).statusCode).toBe(200);
		advance(4000);
		const older = await mfa(app, await mfaTokenOf(app, user), totpAt(user.secret, now()));
		expect(older.json()).toEqual(INVALID_CODE);
	});

	it("a token allows 5 tries in 5 minutes; each wrong one is a failed login for the back-off", async () => {
		const { app, now, advance, db } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const token = await mfaTokenOf(app, user);
		for (let attempt = 1; attempt <= 5; attempt++) {
			const wrong = await mfa(app, token, "000000");
			expect(wrong.statusCode).toBe(400);
			expect(wrong.json()).toEqual(INVALID_CODE);
			if (attempt === 5) break;
			// The back-off: the next try at once meets a 429.
			const soon = await mfa(app, token, "000000");
			expect({ attempt, status: soon.statusCode }).toEqual({ attempt, status: 429 });
			expect(soon.headers["retry-after"]).toBe(String(2 ** (attempt - 1)));
			advance(2 ** (attempt - 1) * 1000);
		}
		advance(16_000);
		// The fifth wrong code ended the token: even the right code needs a new login now.
		const spent = await mfa(app, token, totpAt(user.secret, now(), 1));
		expect(spent.json()).toEqual(EXPIRED);
		expect(await db.select().from(mfaTokens)).toEqual([]);
		const failures = await db.select().from(auditEvents).where(eq(auditEvents.action, "auth.login_failed"));
		// Five wrong codes, then the spent token (a failed login too, with its reason).
		expect(failures.map((event) => JSON.parse(event.details))).toEqual([
			...Array(5).fill({ during: "two_factor" }),
			{ during: "two_factor", reason: "mfa_token_invalid" },
		]);

		advance(60_000);
		const late = await mfaTokenOf(app, user);
		advance(5 * 60_000);
		expect((await mfa(app, late, totpAt(user.secret, now()))).json()).toEqual(EXPIRED);
		for (const bad of ["", "x".repeat(43), "not-a-token"]) {
			const res = await mfa(app, bad, "123456");
			expect(res.statusCode).toBe(bad === "" ? 422 : 400);
		}
	});

	it("422 for a missing token or code, in FastAPI's shape, with the product's texts", async () => {
		const { app } = await buildTestApp();
		const cases: Array<[object, string, string, string]> = [
			[{ code: "123456" }, "mfa_token", "missing", "Token is required"],
			[{ mfa_token: "", code: "123456" }, "mfa_token", "string_too_short", "Token is required"],
			[{ mfa_token: 42, code: "123456" }, "mfa_token", "string_type", "Must be text"],
			[{ mfa_token: "x".repeat(43) }, "code", "missing", "Enter the code"],
			[{ mfa_token: "x".repeat(43), code: " " }, "code", "string_too_short", "Enter the code"],
			[
				{ mfa_token: "x".repeat(256), code: "123456" },
				"mfa_token",
				"string_too_long",
				"Must be no more than 255 characters",
			],
		];
		for (const [body, field, type, msg] of cases) {
			const res = await api(app, "POST", "/login/mfa", { body });
			expect(res.statusCode).toBe(422);
			expect(res.json().detail).toEqual([expect.objectContaining({ type, loc: ["body", field], msg })]);
		}
		const tooLong = await loginForm(app, "ann@example.com", "whatever-1", { extra: { totp_code: "1".repeat(256) } });
		expect(tooLong.statusCode).toBe(422);
		expect(tooLong.json().detail[0]).toMatchObject({
			loc: ["body", "totp_code"],
			msg: "Must be no more than 255 characters",
		});
	});

	it("a known password does not lift the back-off of wrong codes", async () => {
		const { app, now, advance } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		await mfa(app, await mfaTokenOf(app, user), "000000");
		advance(1000);
		await mfa(app, await mfaTokenOf(app, user), "000000");
		advance(2000);
		// The password was right again, yet the wait after the second wrong code still grows.
		const token = await mfaTokenOf(app, user);
		expect((await mfa(app, token, "000000")).statusCode).toBe(400);
		expect((await mfa(app, token, "000000")).headers["retry-after"]).toBe("4");
	});

	it("a wrong password answers exactly as for an account without two-factor", async () => {
		const { app, now } = await buildTestApp();
		const plain = await seedUser(app);
		const protectedUser = await enableTwoFactor(app, await seedUser(app), now);
		const answers: LightMyRequestResponse[] = [];
		for (const user of [plain, protectedUser])
			answers.push(await loginForm(app, user.email, "wrong-password-1", { ip: `10.9.${answers.length}.1` }));
		const shape = (res: LightMyRequestResponse) => {
			const { date: _date, "content-length": _length, ...headers } = res.headers;
			return { status: res.statusCode, body: res.body, headers };
		};
		expect(shape(answers[0] as LightMyRequestResponse)).toEqual(shape(answers[1] as LightMyRequestResponse));
		expect(answers[1]?.json()).toEqual({ detail: "Incorrect email or password" });
		// A code sent with a wrong password changes nothing either.
		const withCode = await loginForm(app, protectedUser.email, "wrong-password-1", {
			ip: "10.9.9.1",
			extra: { totp_code: totpAt(protectedUser.secret, now(), 1) },
		});
		expect(shape(withCode)).toEqual(shape(answers[0] as LightMyRequestResponse));
	});

	it("the login form's totp_code signs a script in in one request, url-encoded or multipart", async () => {
		const { app, now, advance } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const urlEncoded = await loginForm(app, user.email, user.password, {
			extra: { totp_code: totpAt(user.secret, now(), 1) },
		});
		expect(urlEncoded.statusCode).toBe(200);
		expect(urlEncoded.json().access_token).toMatch(TOKEN_SHAPE);
		advance(30_000);
		const form = multipart([
			{ name: "username", value: user.email },
			{ name: "password", value: user.password },
			{ name: "totp_code", value: totpAt(user.secret, now(), 1) },
		]);
		const viaMultipart = await app.inject({
			method: "POST",
			url: `${API}/login/access-token`,
			headers: form.headers,
			payload: form.payload,
		});
		expect(viaMultipart.statusCode).toBe(200);
		const wrong = await loginForm(app, user.email, user.password, { extra: { totp_code: "000000" } });
		expect(wrong.statusCode).toBe(400);
		expect(wrong.json()).toEqual(INVALID_CODE);
		advance(1000);
		const recovery = await loginForm(app, user.email, user.password, { extra: { totp_code: user.recoveryCodes[0]! } });
		expect(recovery.statusCode).toBe(200);
		// An empty field counts as absent: the second step is asked for.
		advance(2000);
		expect((await loginForm(app, user.email, user.password, { extra: { totp_code: "" } })).statusCode).toBe(401);
	});

	it("a deactivated account gets Inactive user for the right password, as without two-factor", async () => {
		const { app, now } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const admin = await seedUser(app, { isSuperuser: true });
		await api(app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { is_active: false } });
		const res = await loginForm(app, user.email, user.password);
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual({ detail: "Inactive user" });
	});
});

describe("two-factor and EMAIL_VERIFICATION=required", () => {
	it("an unproved address is refused before the second step: no mfa_token, not even with a code", async () => {
		const { app, now, advance, db } = await buildTestApp({ env: { EMAIL_VERIFICATION: "required" } });
		const user = await enableTwoFactor(app, await seedUser(app), now);
		await db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
		const res = await loginForm(app, user.email, user.password);
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual({ detail: "Email not verified" });
		advance(30_000);
		const withCode = await loginForm(app, user.email, user.password, {
			extra: { totp_code: totpAt(user.secret, now()) },
		});
		expect(withCode.json()).toEqual({ detail: "Email not verified" });
		// Proved, it asks for the code.
		await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(401);
	});
});

describe("recovery codes at login", () => {
	it("a recovery code signs in once, in any case and without dashes; the owner is told by e-mail", async () => {
		const { app, now, advance, dataDir } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app, { email: "lost-phone@example.com" }), now);
		const code = user.recoveryCodes[4]!;
		const typed = code.replaceAll("-", "").toUpperCase();
		const used = await mfa(app, await mfaTokenOf(app, user), typed);
		expect(used.statusCode).toBe(200);
		advance(1000);
		const again = await mfa(app, await mfaTokenOf(app, user), code);
		expect(again.json()).toEqual(INVALID_CODE);
		const status = await api(app, "GET", "/users/me/totp", { headers: bearer(used.json().access_token) });
		expect(status.json().recovery_codes_left).toBe(9);
		const notice = (await outbox(app, dataDir)).find((mail) => mail.subject === "A recovery code was used");
		expect(notice?.headers.to).toBe("lost-phone@example.com");
		expect(notice?.text).toContain("Unused recovery codes left: 9.");
		expect(notice?.text).not.toContain(code);
	});

	it("in the requester's language", async () => {
		const { app, now, dataDir } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const res = await app.inject({
			method: "POST",
			url: `${API}/login/mfa`,
			headers: { "accept-language": "fr-FR,fr;q=0.9" },
			payload: { mfa_token: await mfaTokenOf(app, user), code: user.recoveryCodes[0] },
		});
		expect(res.statusCode).toBe(200);
		const subjects = (await outbox(app, dataDir)).map((mail) => mail.subject);
		expect(subjects).toContain("Un code de récupération a été utilisé");
	});

	it("of concurrent uses of one code, exactly one wins", async () => {
		const { app, now, db } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const tokens: string[] = [];
		for (let i = 0; i < 6; i++) tokens.push(await mfaTokenOf(app, user, `10.50.${i}.1`));
		const answers = await Promise.all(
			tokens.map((token, i) => mfa(app, token, user.recoveryCodes[7]!, `10.50.${i}.1`)),
		);
		expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
		const unused = (await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).filter(
			(row) => row.usedAt === null,
		);
		expect(unused).toHaveLength(9);
	});
});
