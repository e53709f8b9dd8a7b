import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "../../../server/db/schema.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { linkTokenOf, type ParsedMail, resetTokenOf } from "../../helpers/eml.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { addPasskey, signedLoginChallenge } from "../../helpers/passkeys.ts";
import { countOf, rawGet } from "../../helpers/raw-sql.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf, outbox } from "../../helpers/two-factor.ts";
import { seedUser, uniqueEmail } from "../../helpers/users.ts";

const count = ({ db }: TestApp, sql: string, ...params: unknown[]) => countOf(db, sql, params);

/** The newest e-mail to `to` whose text holds `needle`. */
async function mailTo(test: TestApp, to: string, needle: string): Promise<ParsedMail> {
	const found = (await outbox(test.app, test.dataDir)).filter(
		(mail) => mail.headers.to?.includes(to) && mail.text.includes(needle),
	);
	const last = found.at(-1);
	if (!last) throw new Error(`no e-mail to ${to} with ${needle}`);
	return last;
}

describe("This wasn't me gives the account back without whatever the thief added", () => {
	it("removes every passkey, two-factor with its codes, pending second steps and passkey ceremonies, in the revert", async () => {
		const test = await buildTestApp();
		const { app, db } = test;
		const owner = await seedUser(app, { fullName: "Owner" });
		// A thief holding a fresh session of the owner's: his own passkey and his own authenticator app...
		const { authenticator, passkeyId } = await addPasskey(app, owner);
		const { secret } = await enableTwoFactor(app, owner, test.now);
		const passkeyName = "Call +1 555 0100 to recover";
		await api(app, "PATCH", `/users/me/passkeys/${passkeyId}`, {
			headers: owner.headers,
			body: { name: passkeyName },
		});
		// ...a sign-in waiting for its second step, another passkey being made, then the e-mail moved.
		const pendingMfa = await mfaTokenOf(app, owner);
		expect((await api(app, "POST", "/users/me/passkeys/options", { headers: owner.headers })).statusCode).toBe(200);
		const thiefEmail = uniqueEmail("thief");
		expect(
			(await api(app, "PATCH", "/users/me", { headers: owner.headers, body: { email: thiefEmail } })).statusCode,
		).toBe(200);
		const token = linkTokenOf(await mailTo(test, owner.email, "/revert-email?token="), "/revert-email");

		const reverted = await api(app, "POST", "/revert-email/", {
			body: { token },
			headers: { "accept-language": "fr" },
		});
		expect(reverted.statusCode).toBe(200);

		for (const table of ["passkeys", "recovery_codes", "mfa_tokens", "webauthn_challenges"])
			expect(await count(test, `SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, owner.id), table).toBe(0);
		expect(await rawGet(db, "SELECT totp_secret, totp_enabled_at FROM users WHERE id = ?", [owner.id])).toEqual({
			totp_secret: null,
			totp_enabled_at: null,
		});

		// The thief's passkey signs nobody in; his pending second step is dead.
		const { response } = await signedLoginChallenge(app, authenticator);
		expect((await api(app, "POST", "/login/passkey", { body: { response } })).statusCode).toBe(400);
		const code = totpAt(secret, test.now(), 1);
		expect((await api(app, "POST", "/login/mfa", { body: { mfa_token: pendingMfa, code } })).statusCode).toBe(400);

		// The reset mail says what went and asks the owner to add their own again, in the revert's language.
		const reset = await mailTo(test, owner.email, "/reset-password?token=");
		expect(reset.subject).toBe("Récupération du mot de passe");
		expect(reset.text).toContain("Le changement de votre adresse e-mail a été annulé.");
		expect(reset.text).toContain("La double authentification, avec son application d'authentification");
		expect(reset.text).toContain("Clés d'accès retirées : 1.");
		expect(reset.text).toContain("ajoutez de nouveau vos propres clés d'accès");
		// A passkey's name is the thief's text: the owner's mail gives the count only.
		expect(reset.text).not.toContain(passkeyName);

		// With the new password, the owner signs in without being asked for the thief's code.
		const password = "taken-back-password";
		const done = await api(app, "POST", "/reset-password/", {
			body: { token: resetTokenOf(reset), new_password: password },
		});
		expect(done.statusCode).toBe(200);
		const login = await loginForm(app, owner.email, password);
		expect(login.statusCode).toBe(200);
		expect(login.json()).toHaveProperty("access_token");

		// One audit row names what went, without a secret.
		const removed = await db.select().from(auditEvents).where(eq(auditEvents.action, "account.credentials_removed"));
		expect(removed).toHaveLength(1);
		expect(removed[0]).toMatchObject({ actorId: null, subjectId: owner.id, subjectEmail: owner.email });
		expect(JSON.parse(removed[0]?.details ?? "{}")).toEqual({
			two_factor: true,
			recovery_unused: 10,
			webauthn_credentials: 1,
			names: [passkeyName],
		});
		expect(removed[0]?.details).not.toContain(secret);
	});

	it("writes no removal row and says nothing of it when the account had no passkey nor two-factor", async () => {
		const test = await buildTestApp();
		const owner = await seedUser(test.app);
		await api(test.app, "PATCH", "/users/me", { headers: owner.headers, body: { email: uniqueEmail() } });
		const token = linkTokenOf(await mailTo(test, owner.email, "/revert-email?token="), "/revert-email");
		expect((await api(test.app, "POST", "/revert-email/", { body: { token } })).statusCode).toBe(200);
		const reset = await mailTo(test, owner.email, "/reset-password?token=");
		expect(reset.text).not.toContain("removed");
		expect(
			await count(test, "SELECT count(*) AS n FROM audit_events WHERE action = 'account.credentials_removed'"),
		).toBe(0);
	});

	it("an English reset mail names two-factor and the passkeys removed", async () => {
		const test = await buildTestApp();
		const owner = await addPasskey(test.app, await addPasskey(test.app, await seedUser(test.app)));
		await api(test.app, "PATCH", "/users/me", { headers: owner.headers, body: { email: uniqueEmail() } });
		const token = linkTokenOf(await mailTo(test, owner.email, "/revert-email?token="), "/revert-email");
		expect((await api(test.app, "POST", "/revert-email/", { body: { token } })).statusCode).toBe(200);
		const reset = await mailTo(test, owner.email, "/reset-password?token=");
		expect(reset.text).toContain("Your e-mail change was undone.");
		expect(reset.text).toContain("Passkeys removed: 2.");
		expect(reset.text).not.toContain("Two-factor authentication, with");
		expect(reset.text).toContain("add your own passkeys and two-factor authentication again in Settings, Security.");
	});
});
