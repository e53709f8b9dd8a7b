import { describe, expect, it, vi } from "vitest";
import type { Proof } from "../../../server/services/sign-in/admission.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { addPasskey, signedLoginChallenge } from "../../helpers/passkeys.ts";
import { rawAll } from "../../helpers/raw-sql.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * Password, passkey and the second step only prove an identity: whether it gets a session
 * is decided in one place, services/sign-in/admission.ts (docs/decisions/038). Here a rule
 * is added to that one function (an account the test bars), and every sign-in obeys it; a
 * sign-in that opened its session itself would let the barred account in.
 */
const rule = vi.hoisted(() => ({ barred: new Set<string>(), asked: [] as { userId: string; proof: Proof }[] }));

vi.mock("../../../server/services/sign-in/admission.ts", async (original) => {
	const real = await original<typeof import("../../../server/services/sign-in/admission.ts")>();
	return {
		...real,
		admit: async (...args: Parameters<typeof real.admit>) => {
			const [, user, proof] = args;
			rule.asked.push({ userId: user.id, proof });
			if (rule.barred.has(user.id)) return { refused: "INACTIVE_USER", user };
			return real.admit(...args);
		},
	};
});

const INACTIVE = { detail: "Inactive user" };

const sessionsOf = async (test: TestApp, userId: string) =>
	(await rawAll(test.db, "SELECT id FROM sessions WHERE user_id = ?", [userId])).length;

describe("one admission for every sign-in", () => {
	it("a rule added to the admission holds for the password, the passkey and the second step", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const withPassword = await seedUser(app);
		const withPasskey = await addPasskey(app, await seedUser(app));
		const withTwoFactor = await enableTwoFactor(app, await seedUser(app), test.now);
		const token = await mfaTokenOf(app, withTwoFactor);
		const before = {
			password: await sessionsOf(test, withPassword.id),
			passkey: await sessionsOf(test, withPasskey.id),
			twoFactor: await sessionsOf(test, withTwoFactor.id),
		};
		rule.asked.length = 0;
		for (const user of [withPassword, withPasskey, withTwoFactor]) rule.barred.add(user.id);

		const password = await loginForm(app, withPassword.email, withPassword.password);
		const { response } = await signedLoginChallenge(app, withPasskey.authenticator);
		const passkey = await api(app, "POST", "/login/passkey", { body: { response } });
		const secondStep = await api(app, "POST", "/login/mfa", {
			body: { mfa_token: token, code: totpAt(withTwoFactor.secret, test.now(), 1) },
		});

		for (const res of [password, passkey, secondStep]) expect(res.json()).toEqual(INACTIVE);
		expect(rule.asked).toEqual([
			{ userId: withPassword.id, proof: { method: "password", code: undefined } },
			{ userId: withPasskey.id, proof: { method: "passkey" } },
			{ userId: withTwoFactor.id, proof: { method: "password", during: "two_factor", code: expect.any(String) } },
		]);
		expect({
			password: await sessionsOf(test, withPassword.id),
			passkey: await sessionsOf(test, withPasskey.id),
			twoFactor: await sessionsOf(test, withTwoFactor.id),
		}).toEqual(before);

		// Lifted in that one place, each of them signs in again (the code above was never spent).
		rule.barred.clear();
		expect((await loginForm(app, withPassword.email, withPassword.password)).statusCode).toBe(200);
		const again = await signedLoginChallenge(app, withPasskey.authenticator);
		expect((await api(app, "POST", "/login/passkey", { body: { response: again.response } })).statusCode).toBe(200);
		const next = await api(app, "POST", "/login/mfa", {
			body: { mfa_token: await mfaTokenOf(app, withTwoFactor), code: totpAt(withTwoFactor.secret, test.now(), 1) },
		});
		expect(next.statusCode).toBe(200);
	});
});
