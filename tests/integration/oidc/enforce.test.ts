import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resetTokens, userIdentities, users } from "../../../server/db/schema.ts";
import { atomically } from "../../../server/db/transaction.ts";
import { issuePasswordToken } from "../../../server/services/links/password-links.ts";
import { errorTexts } from "../../../shared/errors.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { lastAudit, type OidcWorld, oidcWorld, providerSignIn } from "../../helpers/oidc-world.ts";
import { totpAt } from "../../helpers/totp.ts";
import { mutate, query } from "../../helpers/trpc.ts";
import { enableTwoFactor, mfaTokenOf, outbox } from "../../helpers/two-factor.ts";
import { seedUser, type TestUser } from "../../helpers/users.ts";

/**
 * OIDC_<ID>_ENFORCE=true: the provider's allowed domains sign in through it only. Password
 * sign-in (the login, the second step after a password) and recovery are refused for them,
 * superusers excepted (break-glass), and every answer for such an address is the same
 * refusal, but a superuser's with the right password: nothing says whether an account exists
 * or is a superuser, or whether the password was right.
 */
const REFUSED = { status: 403, detail: errorTexts.PASSWORD_SIGN_IN_DISABLED };

async function enforced(env: Record<string, string> = { ENFORCE: "true" }) {
	const w = await oidcWorld(env);
	const alice = await seedUser(w.app, { email: "alice@company.com" });
	const boss = await seedUser(w.app, { email: "boss@company.com", isSuperuser: true });
	const outsider = await seedUser(w.app, { email: "olga@example.com" });
	return { w, alice, boss, outsider };
}

let client = 0;
/** A login's answer, each from an address of its own (a refusal counts as a failure: the back-off is per account and address). */
const answerOf = async (w: OidcWorld, email: string, password: string) => {
	const res = await loginForm(w.app, email, password, { ip: `10.0.${Math.floor(++client / 250)}.${client % 250}` });
	return { status: res.statusCode, detail: (res.json() as { detail?: string }).detail };
};

const passwordOf = async (w: OidcWorld, user: TestUser) =>
	(await w.db.select({ hash: users.hashedPassword }).from(users).where(eq(users.id, user.id)))[0]?.hash;

describe("password sign-in under an enforced provider", () => {
	it("refused for the domain's addresses whatever the account and password: the same answer each time", async () => {
		const { w, alice, boss } = await enforced();
		expect(await answerOf(w, alice.email, alice.password)).toEqual(REFUSED);
		expect(await answerOf(w, alice.email, "a-wrong-password")).toEqual(REFUSED);
		expect(await answerOf(w, "nobody@company.com", "a-wrong-password")).toEqual(REFUSED);
		expect(await answerOf(w, "Alice@Company.com ", alice.password)).toEqual(REFUSED);
		expect(await answerOf(w, boss.email, "a-wrong-password")).toEqual(REFUSED);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({ reason: "enforced", provider: "company" });
	});

	it("a superuser with the right password signs in (break-glass); other domains keep their passwords", async () => {
		const { w, alice, boss, outsider } = await enforced();
		expect((await loginForm(w.app, boss.email, boss.password)).statusCode).toBe(200);
		expect((await loginForm(w.app, outsider.email, outsider.password)).statusCode).toBe(200);
		expect(await answerOf(w, outsider.email, "a-wrong-password")).toEqual({
			status: 400,
			detail: errorTexts.INCORRECT_LOGIN,
		});
		// A lookalike domain is another domain.
		const lookalike = await seedUser(w.app, { email: "eve@evilcompany.com" });
		expect((await loginForm(w.app, lookalike.email, lookalike.password)).statusCode).toBe(200);
		expect(await answerOf(w, alice.email, alice.password)).toEqual(REFUSED);
	});

	it("without ENFORCE the domain's passwords work", async () => {
		const { w, alice } = await enforced({});
		expect((await loginForm(w.app, alice.email, alice.password)).statusCode).toBe(200);
	});

	it("the tRPC login says the same", async () => {
		const { w, alice } = await enforced();
		const res = await mutate(w.app, "auth.login", { username: alice.email, password: alice.password });
		expect(res.error).toMatchObject({ httpStatus: 403, reason: "PASSWORD_SIGN_IN_DISABLED" });
	});

	it("the second step after a password: refused when the account is no superuser any more, and the token ends", async () => {
		const { w, boss } = await enforced();
		const withCode = await enableTwoFactor(w.app, boss, w.now);
		const mfaToken = await mfaTokenOf(w.app, withCode);
		await w.db.update(users).set({ isSuperuser: false }).where(eq(users.id, boss.id));
		const second = (code: string) => api(w.app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code } });
		const refused = await second(totpAt(withCode.secret, w.now(), 1));
		expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual(REFUSED);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
			during: "two_factor",
			reason: "enforced",
			provider: "company",
		});
		expect((await second(totpAt(withCode.secret, w.now(), 1))).json().detail).toBe(errorTexts.MFA_TOKEN_INVALID);
	});
});

describe("the password once signed in, under an enforced provider", () => {
	const reauth = (w: OidcWorld, user: TestUser) =>
		api(w.app, "POST", "/login/reauthenticate", { headers: user.headers, body: { password: user.password } });
	const change = (w: OidcWorld, user: TestUser) =>
		api(w.app, "PATCH", "/users/me/password", {
			headers: user.headers,
			body: { current_password: user.password, new_password: "a-brand-new-passphrase" },
		});
	const methods = async (w: OidcWorld, user: TestUser) =>
		(await api(w.app, "GET", "/users/me/sign-in-methods", { headers: user.headers })).json();

	it("proves nothing: a re-authentication and a change by password are refused, and audited", async () => {
		const { w, alice } = await enforced();
		const before = await passwordOf(w, alice);
		const refused = await reauth(w, alice);
		expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual(REFUSED);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
			during: "reauthenticate",
			reason: "enforced",
			provider: "company",
		});
		const changed = await change(w, alice);
		expect({ status: changed.statusCode, detail: changed.json().detail }).toEqual(REFUSED);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toMatchObject({ during: "password_change" });
		expect(await passwordOf(w, alice)).toBe(before);
		expect(await lastAudit(w, "auth.reauthenticate")).toBeUndefined();
	});

	it("a superuser's and another domain's still do; without ENFORCE the domain's do", async () => {
		const { w, boss, outsider } = await enforced();
		expect((await reauth(w, boss)).statusCode).toBe(200);
		expect((await reauth(w, outsider)).statusCode).toBe(200);
		const open = await enforced({});
		expect((await reauth(open.w, open.alice)).statusCode).toBe(200);
		expect((await change(open.w, open.alice)).statusCode).toBe(200);
	});

	it("the sign-in methods name the provider that turned the password off (the screens hide it then)", async () => {
		const { w, alice, boss, outsider } = await enforced();
		const name = w.app.deps.config.oidcProviders[0]?.name;
		expect(await methods(w, alice)).toMatchObject({ password: true, password_enforced_by: name });
		expect(await methods(w, boss)).toMatchObject({ password: true, password_enforced_by: null });
		expect(await methods(w, outsider)).toMatchObject({ password: true, password_enforced_by: null });
		const res = await query(w.app, "identities.mine", undefined, { headers: alice.headers });
		expect(res.data).toMatchObject({ password_enforced_by: name });
	});
});

describe("an invitation under an enforced provider", () => {
	it("the invitee gets in through the provider, linked by e-mail: the admin made the account, verified and without a password", async () => {
		const { w, boss } = await enforced();
		const invited = await api(w.app, "POST", "/users/", {
			headers: boss.headers,
			body: { email: "newhire@company.com", invite: true },
		});
		expect(invited.statusCode).toBe(200);
		const signedIn = await providerSignIn(w, "newhire-sub", { email: "newhire@company.com", email_verified: true });
		expect(signedIn).toHaveProperty("access_token");
		const linked = await w.db.select().from(userIdentities).where(eq(userIdentities.subject, "newhire-sub"));
		expect(linked.map((row) => row.userId)).toEqual([invited.json().id]);
	});

	it("the invitation says to sign in through the provider: no password link is issued, and the audit row names the provider", async () => {
		const { w, boss } = await enforced();
		const invite = (email: string, isSuperuser = false) =>
			api(w.app, "POST", "/users/", {
				headers: boss.headers,
				body: { email, invite: true, is_superuser: isSuperuser },
			});
		const invited = await invite("newhire@company.com");
		expect(invited.statusCode).toBe(200);
		const [mail, ...others] = await outbox(w.app, w.dataDir);
		expect(others).toEqual([]);
		expect(mail?.subject).toBe("Your Portico account is ready");
		const name = w.app.deps.config.oidcProviders[0]?.name;
		expect(mail?.text).toContain(`Sign in through ${name} to start using it`);
		expect(mail?.text).toContain(`${w.app.deps.config.publicUrl}/login\n`);
		expect(mail?.text).not.toContain("reset-password");
		expect(await w.db.select().from(resetTokens).where(eq(resetTokens.userId, invited.json().id))).toEqual([]);
		expect(await lastAudit(w, "admin.user_invite")).toEqual({
			subjectId: invited.json().id,
			details: { resent: false, provider: "company" },
		});

		const resent = await api(w.app, "POST", `/users/${invited.json().id}/invite`, { headers: boss.headers });
		expect(resent.statusCode).toBe(200);
		const ready = "Your Portico account is ready";
		expect((await outbox(w.app, w.dataDir)).map((one) => one.subject)).toEqual([ready, ready]);

		// A superuser of the domain keeps the password (break-glass): theirs is the usual invitation.
		await invite("admin2@company.com", true);
		expect((await outbox(w.app, w.dataDir)).map((one) => one.subject)).toEqual([ready, ready, "Set your password"]);
	});
});

describe("password recovery under an enforced provider", () => {
	it("the request answers as always and sends no link to the domain's accounts (a superuser's gets one)", async () => {
		const { w, alice, boss, outsider } = await enforced();
		const answers = [];
		for (const email of [alice.email, "nobody@company.com", boss.email, outsider.email]) {
			const res = await api(w.app, "POST", `/password-recovery/${email}`);
			answers.push({ status: res.statusCode, body: res.json() });
		}
		expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
		const mails = await outbox(w.app, w.dataDir);
		const to = mails.map((mail) => mail.headers.to ?? "");
		expect(to).toHaveLength(2);
		expect(to.some((address) => address.includes(boss.email))).toBe(true);
		expect(to.some((address) => address.includes(outsider.email))).toBe(true);
		const refused = (await lastAudit(w, "auth.login_failed")) ?? null;
		expect(refused).toEqual({
			subjectId: alice.id,
			details: { during: "password_recovery", reason: "enforced", provider: "company" },
		});
	});

	it("a reset link issued before is refused at use, and the password stays", async () => {
		const { w, alice, boss } = await enforced();
		const linkOf = (user: TestUser) =>
			atomically(w.app.deps, (deps) => issuePasswordToken(deps, user, w.app.deps.config.resetTokenTtlMs));
		const before = await passwordOf(w, alice);
		const res = await api(w.app, "POST", "/reset-password/", {
			body: { token: await linkOf(alice), new_password: "a-new-password-1" },
		});
		expect({ status: res.statusCode, detail: res.json().detail }).toEqual(REFUSED);
		expect(await passwordOf(w, alice)).toBe(before);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
			during: "password_reset",
			reason: "enforced",
			provider: "company",
		});
		const forBoss = await api(w.app, "POST", "/reset-password/", {
			body: { token: await linkOf(boss), new_password: "a-new-password-1" },
		});
		expect(forBoss.statusCode).toBe(200);
	});
});
