import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, mfaTokens, webauthnChallenges } from "../../../server/db/schema.ts";
import { MAX_LIVE_CHALLENGES } from "../../../server/services/factors/webauthn-challenges.ts";
import { MAX_LIVE_MFA_TOKENS } from "../../../server/services/sign-in/two-factor.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, api } from "../../helpers/http.ts";
import { makePng } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { addPasskey } from "../../helpers/passkeys.ts";
import { totpAt } from "../../helpers/totp.ts";
import { mutate } from "../../helpers/trpc.ts";
import { enableTwoFactor, mfaTokenOf } from "../../helpers/two-factor.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

/**
 * What a signed-in user (or a caller past the password) can make the server store is
 * bounded or rate limited: audit rows are written for changes only, live challenges and
 * second steps are capped per account, and the routes that add rows at will have a
 * per-user bucket (docs/decisions/028).
 */
const auditRows = async (db: Awaited<ReturnType<typeof buildTestApp>>["db"], action: string) =>
	(await db.select().from(auditEvents).where(eq(auditEvents.action, action))).length;

describe("signing out the other sessions", () => {
	it("records a row only when a session ended, REST and tRPC", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		for (let i = 0; i < 20; i++) {
			expect((await api(app, "DELETE", "/users/me/sessions", { headers: user.headers })).statusCode).toBe(200);
			expect((await mutate(app, "sessions.revokeOthers", undefined, { headers: user.headers })).error).toBeNull();
		}
		expect(await auditRows(db, "session.revoke_others")).toBe(0);
		await newSession(app, user);
		expect((await api(app, "DELETE", "/users/me/sessions", { headers: user.headers })).statusCode).toBe(200);
		await newSession(app, user);
		expect((await mutate(app, "sessions.revokeOthers", undefined, { headers: user.headers })).error).toBeNull();
		expect(await auditRows(db, "session.revoke_others")).toBe(2);
	});
});

describe("passkey challenges", () => {
	it(`an account keeps at most ${MAX_LIVE_CHALLENGES} live ones per purpose, the newest; REST and tRPC`, async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const issued: string[] = [];
		for (let i = 0; i < 30; i++) {
			const rest = await api(app, "POST", "/login/reauthenticate/options", { headers: user.headers });
			issued.push(rest.json().challenge);
			const twin = await mutate(app, "passkeys.reauthenticationOptions", undefined, { headers: user.headers });
			issued.push((twin.data as { challenge: string }).challenge);
			await api(app, "POST", "/users/me/passkeys/options", { headers: user.headers });
		}
		const kept = async (purpose: "reauthenticate" | "register") =>
			(await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.purpose, purpose))).map(
				(row) => row.challenge,
			);
		expect((await kept("reauthenticate")).sort()).toEqual(issued.slice(-MAX_LIVE_CHALLENGES).sort());
		expect(await kept("register")).toHaveLength(MAX_LIVE_CHALLENGES);
		// Another account's are its own.
		const other = await seedUser(app);
		await api(app, "POST", "/login/reauthenticate/options", { headers: other.headers });
		expect(await kept("reauthenticate")).toHaveLength(MAX_LIVE_CHALLENGES + 1);
	});
});

describe("second login steps", () => {
	it(`an account keeps at most ${MAX_LIVE_MFA_TOKENS} open, the newest`, async () => {
		const { app, db, now } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const tokens: string[] = [];
		for (let i = 0; i < 12; i++) tokens.push(await mfaTokenOf(app, user, `10.70.0.${i + 1}`));
		expect(await db.select().from(mfaTokens).where(eq(mfaTokens.userId, user.id))).toHaveLength(MAX_LIVE_MFA_TOKENS);
		const oldest = await api(app, "POST", "/login/mfa", {
			ip: "10.70.1.1",
			body: { mfa_token: tokens[0], code: totpAt(user.secret, now(), 1) },
		});
		expect(oldest.json()).toEqual({ detail: "This sign-in has expired, please log in again" });
		const newest = await api(app, "POST", "/login/mfa", {
			ip: "10.70.1.2",
			body: { mfa_token: tokens.at(-1), code: totpAt(user.secret, now(), 1) },
		});
		expect(newest.statusCode).toBe(200);
	});
});

describe("routes that add rows at will are limited per user", () => {
	it("image uploads: 30 an hour, then 429 with Retry-After", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		const png = await makePng();
		const upload = () => {
			const form = uploadForm(user.id, png, "a.png", "image/png");
			return app.inject({
				method: "POST",
				url: `${API}/media/upload`,
				headers: { ...user.headers, ...form.headers },
				payload: form.payload,
			});
		};
		for (let i = 0; i < 30; i++) expect((await upload()).statusCode).toBe(200);
		const limited = await upload();
		expect(limited.statusCode).toBe(429);
		expect(Number(limited.headers["retry-after"])).toBe(120);
		advance(120_000);
		expect((await upload()).statusCode).toBe(200);
	});

	it("new recovery codes: 5 an hour, REST and tRPC", async () => {
		const { app, now } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		for (let i = 0; i < 3; i++) {
			expect((await api(app, "POST", "/users/me/recovery-codes", { headers: user.headers })).statusCode).toBe(200);
		}
		for (let i = 0; i < 2; i++) {
			expect(
				(await mutate(app, "twoFactor.regenerateRecoveryCodes", undefined, { headers: user.headers })).error,
			).toBeNull();
		}
		const limited = await api(app, "POST", "/users/me/recovery-codes", { headers: user.headers });
		expect(limited.statusCode).toBe(429);
		expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
		const twin = await mutate(app, "twoFactor.regenerateRecoveryCodes", undefined, { headers: user.headers });
		expect(twin.error).toMatchObject({ code: "TOO_MANY_REQUESTS" });
		expect(twin.error?.retryAfter).toBeGreaterThanOrEqual(1);
	});

	it("passkeys added: 10 an hour", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		for (let i = 0; i < 10; i++) await addPasskey(app, user);
		await expect(addPasskey(app, user)).rejects.toThrow(/expected 200, got 429/);
	});
});
