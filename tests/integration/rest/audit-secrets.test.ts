import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readGithubProvider } from "../../../server/config-github.ts";
import type { OidcProviderConfig } from "../../../server/config-oidc.ts";
import { readOidcProviders } from "../../../server/config-oidc.ts";
import { createSuperuserAccount } from "../../../server/services/admin/first-superuser.ts";
import { setPasswordAsOperator } from "../../../server/services/admin/operator.ts";
import { runHousekeeping } from "../../../server/services/housekeeping.ts";
import { finishProviderSignIn } from "../../../server/services/sign-in/oidc/callback.ts";
import { startProviderSignIn } from "../../../server/services/sign-in/oidc/flow.ts";
import { completeProviderSignIn } from "../../../server/services/sign-in/oidc/handoff.ts";
import { createPat } from "../../helpers/access-tokens.ts";
import { actionsTheCodeWrites, rawAuditRows, storedSecrets } from "../../helpers/audit.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { linkTokenOf, parseMail } from "../../helpers/eml.ts";
import { GITHUB_CALLBACK, githubEnv, githubUser } from "../../helpers/github-sign-in.ts";
import { startGithubStub } from "../../helpers/github-stub.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { callbackFragment, startFromApp } from "../../helpers/oidc-link.ts";
import { startOidcProvider } from "../../helpers/oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv, signInAtProvider, throughProvider } from "../../helpers/oidc-sign-in.ts";
import { signedLoginChallenge, TEST_ORIGIN } from "../../helpers/passkeys.ts";
import { META } from "../../helpers/services.ts";
import { settled } from "../../helpers/settled.ts";
import { totpAt } from "../../helpers/totp.ts";
import { newSession, seedAdmin, seedUser } from "../../helpers/users.ts";
import { SoftAuthenticator } from "../../helpers/webauthn.ts";

type Tokens = { access_token: string; refresh_token: string };

/**
 * Every secret the tour used, by what it is: passwords, tokens, link tokens, two-factor
 * secrets and codes, recovery codes, mfa_tokens, passkey challenges and signatures. Add to it as the tour grows; `harvest`
 * also takes every hash and secret the database holds at that moment, so what was stored
 * and later deleted is searched too.
 */
const oidcProvidersOf = (env: Record<string, string>) => readOidcProviders(env) as OidcProviderConfig[];

class Secrets {
	readonly list: { label: string; value: string }[] = [];

	add(label: string, value: string): string {
		this.list.push({ label, value });
		return value;
	}

	/** A token `<id>.<secret>`: the whole and its secret part (the id alone is shown in the device list). */
	addToken(label: string, token: string): string {
		this.add(label, token);
		this.add(`${label} secret`, token.slice(token.indexOf(".") + 1));
		return token;
	}

	addPair(label: string, tokens: Tokens): Tokens {
		this.addToken(`${label} access token`, tokens.access_token);
		this.addToken(`${label} refresh token`, tokens.refresh_token);
		return tokens;
	}

	async harvest(test: TestApp): Promise<void> {
		for (const stored of await storedSecrets(test.db)) this.add(stored.label, stored.value);
	}
}

/**
 * Whether `text` holds `form`. A secret of digits only (a two-factor code) counts only
 * where no digit touches it: six digits sit inside some 13-digit time in milliseconds by
 * chance, and CI once saw a wrong code "in" twelve rows' `at`. A code that leaked would be
 * written whole, as `"code":"123456"`.
 */
function holds(text: string, form: string): boolean {
	if (!/^\d+$/.test(form)) return text.includes(form);
	for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
		if (!/\d/.test(text[at - 1] ?? "") && !/\d/.test(text[at + form.length] ?? "")) return true;
	}
	return false;
}

/** Where, if anywhere, a secret sits in the audit table: "row 3 (auth.login) user_agent: refresh token". */
async function leaks(test: TestApp, secrets: Secrets): Promise<string[]> {
	const found: string[] = [];
	for (const row of await rawAuditRows(test.db)) {
		for (const [column, value] of Object.entries(row)) {
			if (value === null) continue;
			const text = String(value).toLowerCase();
			for (const { label, value: secret } of secrets.list) {
				const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
				if (forms.some((form) => holds(text, form.toLowerCase()))) {
					found.push(`row ${row.id} (${row.action}) ${column}: ${label}`);
				}
			}
		}
	}
	return found;
}

/**
 * The token of the newest link to `path` in the e-mails to `to` in the app's outbox. The
 * outbox is emptied once read, since two files written in one millisecond sort either way.
 */
function linkFromOutbox(test: TestApp, to: string, path: string): string {
	const outbox = join(test.dataDir, "outbox");
	const files = readdirSync(outbox).sort();
	const mails = files
		.map((file) => parseMail(readFileSync(join(outbox, file), "utf8")))
		.filter((mail) => mail.headers.to?.includes(to) && mail.text.includes(`${path}?token=`));
	const last = mails.at(-1);
	if (!last) throw new Error(`no e-mail to ${to} with a ${path} link`);
	for (const file of files) rmSync(join(outbox, file));
	return linkTokenOf(last, path);
}

const resetTokenFromOutbox = (test: TestApp, to: string) => linkFromOutbox(test, to, "/reset-password");

const ok = <R extends { statusCode: number; body: string }>(res: R, status = 200): R => {
	expect(res.statusCode, res.body).toBe(status);
	return res;
};

describe("no secret ever reaches an audit row", () => {
	it("after every account action there is, no column of any row holds a password, token or hash it used", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const secrets = new Secrets();
		const admin = await seedAdmin(app);
		secrets.add("admin password", admin.password);
		secrets.addPair("admin", { access_token: admin.accessToken, refresh_token: admin.refreshToken });
		const as = { headers: { "user-agent": "Firefox/140" } };

		// Sign-up, a wrong password, a sign-in.
		const first = secrets.add("ada's first password", "ada-first-Passw0rd");
		ok(await api(app, "POST", "/users/signup", { ...as, body: { email: "ada@example.com", password: first } }));
		const typo = secrets.add("a mistyped password", "ada-first-Passw0rd!");
		ok(await loginForm(app, "ada@example.com", typo), 400);
		// A password typed into the e-mail field is not written down either.
		const wrongField = secrets.add("a password in the e-mail field", "ada-first-Passw0rd-in-email");
		ok(await loginForm(app, wrongField, first, { ip: "10.0.0.9" }), 400);
		test.advance(5_000); // past the failed-login back-off
		let ada = secrets.addPair("ada login", ok(await loginForm(app, "ada@example.com", first)).json() as Tokens);
		await secrets.harvest(test);

		// A refresh, then the replaced refresh token presented again (reuse: the session dies).
		const stale = ada.refresh_token;
		ok(await api(app, "POST", "/login/refresh-token", { body: { refresh_token: stale } }));
		await secrets.harvest(test);
		ok(await api(app, "POST", "/login/refresh-token", { body: { refresh_token: stale } }), 401);

		// A new sign-in, a re-authentication, a password change, an e-mail change.
		ada = secrets.addPair("ada second login", ok(await loginForm(app, "ada@example.com", first)).json() as Tokens);
		ok(
			await api(app, "POST", "/login/reauthenticate", { headers: bearer(ada.access_token), body: { password: first } }),
		);
		const second = secrets.add("ada's second password", "ada-second-Passw0rd");
		await secrets.harvest(test);
		ok(
			await api(app, "PATCH", "/users/me/password", {
				headers: bearer(ada.access_token),
				body: { current_password: first, new_password: second, confirm_password: second },
			}),
		);
		ok(
			await api(app, "PATCH", "/users/me", { headers: bearer(ada.access_token), body: { email: "ada2@example.com" } }),
		);
		await secrets.harvest(test);

		// The new address proved by its link; then moved again and moved back by the old one's "This wasn't me".
		await settled(app);
		await secrets.harvest(test);
		const verifyLink = secrets.add(
			"verification link token",
			linkFromOutbox(test, "ada2@example.com", "/verify-email"),
		);
		ok(await api(app, "POST", "/verify-email/", { body: { token: verifyLink } }));
		ok(
			await api(app, "PATCH", "/users/me", { headers: bearer(ada.access_token), body: { email: "ada3@example.com" } }),
		);
		await settled(app);
		await secrets.harvest(test);
		const revertLink = secrets.add("revert link token", linkFromOutbox(test, "ada2@example.com", "/revert-email"));
		ok(await api(app, "POST", "/revert-email/", { body: { token: revertLink } }));
		await settled(app);
		await secrets.harvest(test);

		// A reset link e-mailed, then another in the e-mail a superuser previews (which kills the first);
		// the previewed link resets, the first no longer does; a third link, a reset.
		ok(await api(app, "POST", "/password-recovery/ada2@example.com"));
		await settled(app);
		await secrets.harvest(test);
		const mailed = secrets.add("reset link token", resetTokenFromOutbox(test, "ada2@example.com"));
		const preview = ok(
			await api(app, "POST", "/password-recovery-html-content/ada2@example.com", { headers: admin.headers }),
		);
		const previewed = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(preview.body)?.[1] ?? "";
		expect(previewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
		secrets.add("previewed reset link token", previewed);
		await secrets.harvest(test);
		ok(await api(app, "POST", "/reset-password/", { body: { token: previewed, new_password: "ada-never-set-1" } }));
		const third = secrets.add("ada's third password", "ada-third-Passw0rd");
		ok(await api(app, "POST", "/reset-password/", { body: { token: mailed, new_password: third } }), 400);
		ok(await api(app, "POST", "/password-recovery/ada2@example.com"));
		await settled(app);
		const relinked = secrets.add("second reset link token", resetTokenFromOutbox(test, "ada2@example.com"));
		await secrets.harvest(test);
		ok(await api(app, "POST", "/reset-password/", { body: { token: relinked, new_password: third } }));

		// Log out with the refresh token named, then everywhere.
		ada = secrets.addPair("ada third login", ok(await loginForm(app, "ada2@example.com", third)).json() as Tokens);
		const other = secrets.addPair(
			"ada fourth login",
			ok(await loginForm(app, "ada2@example.com", third)).json() as Tokens,
		);
		await secrets.harvest(test);
		ok(
			await api(app, "POST", "/login/logout", {
				headers: bearer(ada.access_token),
				body: { refresh_token: ada.refresh_token },
			}),
		);
		ok(await api(app, "POST", "/login/logout-all", { headers: bearer(other.access_token) }));

		// Devices: one signed out by its id, the others at once, then all of them by an administrator.
		const phone = secrets.addPair("ada phone", ok(await loginForm(app, "ada2@example.com", third)).json() as Tokens);
		secrets.addPair("ada tablet", ok(await loginForm(app, "ada2@example.com", third)).json() as Tokens);
		secrets.addPair("ada laptop", ok(await loginForm(app, "ada2@example.com", third)).json() as Tokens);
		await secrets.harvest(test);
		const devices = ok(await api(app, "GET", "/users/me/sessions", { headers: bearer(phone.access_token) })).json() as {
			data: { id: string; current: boolean }[];
		};
		const notPhone = devices.data.find((device) => !device.current)?.id ?? "";
		ok(await api(app, "DELETE", `/users/me/sessions/${notPhone}`, { headers: bearer(phone.access_token) }));
		ok(await api(app, "DELETE", "/users/me/sessions", { headers: bearer(phone.access_token) }));
		const adaId = (
			ok(await api(app, "GET", "/users/me", { headers: bearer(phone.access_token) })).json() as { id: string }
		).id;
		ok(await api(app, "DELETE", `/users/${adaId}/sessions`, { headers: admin.headers }));

		// Two-factor: set up and enabled with the app's code; the second login step with a code,
		// then with a recovery code; a wrong code; the one-shot totp_code field; a
		// re-authentication by code; new recovery codes; off; on again, and reset by an admin.
		const step = () => test.advance(30_000); // each code is of a later step than the last accepted one
		test.advance(60_000); // the login bucket of this address refills
		let secure = secrets.addPair(
			"ada two-factor login",
			ok(await loginForm(app, "ada2@example.com", third)).json() as Tokens,
		);
		const enableTotp = async (label: string) => {
			const setup = ok(
				await api(app, "POST", "/users/me/totp/setup", { headers: bearer(secure.access_token) }),
			).json() as { secret: string; otpauth_url: string };
			secrets.add(`${label} TOTP secret`, setup.secret);
			secrets.add(`${label} otpauth URL`, setup.otpauth_url);
			await secrets.harvest(test);
			const code = secrets.add(`${label} enabling code`, totpAt(setup.secret, test.now()));
			const enabled = ok(
				await api(app, "POST", "/users/me/totp/enable", { headers: bearer(secure.access_token), body: { code } }),
			).json() as { recovery_codes: string[] };
			enabled.recovery_codes.forEach((recovery, i) => {
				secrets.add(`${label} recovery code ${i + 1}`, recovery);
				secrets.add(`${label} recovery code ${i + 1} as stored`, recovery.replaceAll("-", ""));
			});
			await secrets.harvest(test);
			return { secret: setup.secret, recoveryCodes: enabled.recovery_codes };
		};
		const totp = await enableTotp("ada");
		const mfaStep = async () => {
			const first = ok(await loginForm(app, "ada2@example.com", third), 401).json() as { mfa_token: string };
			await secrets.harvest(test);
			return secrets.add("mfa_token", first.mfa_token);
		};
		step();
		let mfaToken = await mfaStep();
		const wrongCode = secrets.add("a wrong two-factor code", totpAt(totp.secret, test.now() + 3_600_000));
		ok(await api(app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code: wrongCode } }), 400);
		test.advance(5_000); // past the failed-login back-off
		const appCode = secrets.add("a login code", totpAt(totp.secret, test.now()));
		secure = secrets.addPair(
			"ada second step",
			ok(await api(app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code: appCode } })).json() as Tokens,
		);
		mfaToken = await mfaStep();
		const recovery = totp.recoveryCodes[0] ?? "";
		secrets.addPair(
			"ada recovery login",
			ok(await api(app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code: recovery } })).json() as Tokens,
		);
		// A spent mfa token again: a failed login, with a reason word.
		ok(await api(app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code: appCode } }), 400);
		step();
		const oneShot = secrets.add("a totp_code form field", totpAt(totp.secret, test.now()));
		const oneShotLogin = await app.inject({
			method: "POST",
			url: "/api/v1/login/access-token",
			headers: { "content-type": "application/x-www-form-urlencoded" },
			payload: new URLSearchParams({ username: "ada2@example.com", password: third, totp_code: oneShot }).toString(),
		});
		secrets.addPair("ada one-shot login", ok(oneShotLogin).json() as Tokens);
		step();
		const reauthCode = secrets.add("a re-authentication code", totpAt(totp.secret, test.now()));
		ok(
			await api(app, "POST", "/login/reauthenticate", {
				headers: bearer(secure.access_token),
				body: { code: reauthCode },
			}),
		);
		const renewed = ok(
			await api(app, "POST", "/users/me/recovery-codes", { headers: bearer(secure.access_token) }),
		).json() as { recovery_codes: string[] };
		for (const code of renewed.recovery_codes) secrets.add("a renewed recovery code", code);
		await secrets.harvest(test);
		ok(await api(app, "DELETE", "/users/me/totp", { headers: bearer(secure.access_token) }));
		step();
		await enableTotp("ada again");
		ok(await api(app, "DELETE", `/users/${adaId}/totp`, { headers: admin.headers }));
		await settled(app);

		// Passkeys: one added (its challenge and public key), renamed, used to sign in and to
		// confirm the identity (their challenges and signatures), then removed.
		const authenticator = new SoftAuthenticator(TEST_ORIGIN);
		const creation = ok(
			await api(app, "POST", "/users/me/passkeys/options", { headers: bearer(secure.access_token) }),
		).json() as Parameters<SoftAuthenticator["register"]>[0];
		secrets.add("passkey registration challenge", creation.challenge);
		await secrets.harvest(test);
		const credential = authenticator.register(creation);
		secrets.add("passkey attestation", credential.response.attestationObject);
		const passkey = ok(
			await api(app, "POST", "/users/me/passkeys", {
				headers: bearer(secure.access_token),
				body: { response: credential, name: "Ada's phone" },
			}),
		).json() as { id: string };
		await secrets.harvest(test);
		ok(
			await api(app, "PATCH", `/users/me/passkeys/${passkey.id}`, {
				headers: bearer(secure.access_token),
				body: { name: "Ada's old phone" },
			}),
		);
		const signIn = await signedLoginChallenge(app, authenticator);
		secrets.add("passkey sign-in challenge", signIn.options.challenge);
		secrets.add("passkey sign-in signature", signIn.response.response.signature);
		await secrets.harvest(test);
		secrets.addPair(
			"ada passkey login",
			ok(await api(app, "POST", "/login/passkey", { body: { response: signIn.response } })).json() as Tokens,
		);
		const confirmOptions = ok(
			await api(app, "POST", "/login/reauthenticate/options", { headers: bearer(secure.access_token) }),
		).json() as Parameters<SoftAuthenticator["authenticate"]>[0];
		secrets.add("passkey confirmation challenge", confirmOptions.challenge);
		await secrets.harvest(test);
		const assertion = authenticator.authenticate(confirmOptions);
		secrets.add("passkey confirmation signature", assertion.response.signature);
		ok(
			await api(app, "POST", "/login/reauthenticate", {
				headers: bearer(secure.access_token),
				body: { passkey: assertion },
			}),
		);
		ok(await api(app, "DELETE", `/users/me/passkeys/${passkey.id}`, { headers: bearer(secure.access_token) }));

		// Taken back by "This wasn't me" with two-factor and a passkey on: both are removed.
		step();
		const taken = await enableTotp("ada before the take-back");
		const lastKey = authenticator.register(
			ok(
				await api(app, "POST", "/users/me/passkeys/options", { headers: bearer(secure.access_token) }),
			).json() as Parameters<SoftAuthenticator["register"]>[0],
		);
		secrets.add("second passkey attestation", lastKey.response.attestationObject);
		ok(
			await api(app, "POST", "/users/me/passkeys", {
				headers: bearer(secure.access_token),
				body: { response: lastKey },
			}),
		);
		await secrets.harvest(test);
		ok(
			await api(app, "PATCH", "/users/me", {
				headers: bearer(secure.access_token),
				body: { email: "ada4@example.com" },
			}),
		);
		await settled(app);
		await secrets.harvest(test);
		const takeBack = secrets.add("take-back link token", linkFromOutbox(test, "ada2@example.com", "/revert-email"));
		ok(await api(app, "POST", "/revert-email/", { body: { token: takeBack } }));
		await settled(app);
		await secrets.harvest(test);
		expect(taken.recoveryCodes).toHaveLength(10);

		// An administrator creates a user with a password, sets another, deletes the user.
		const given = secrets.add("password an admin gave", "given-by-admin-1");
		const created = ok(
			await api(app, "POST", "/users/", {
				headers: admin.headers,
				body: { email: "bo@example.com", password: given, confirm_password: given },
			}),
		).json() as { id: string };
		await secrets.harvest(test);
		const reset = secrets.add("password an admin reset", "reset-by-admin-2");
		ok(
			await api(app, "PATCH", `/users/${created.id}`, {
				headers: admin.headers,
				body: { password: reset, full_name: "Bo" },
			}),
		);
		await secrets.harvest(test);
		// The right password of a deactivated account: a failed login.
		ok(await api(app, "PATCH", `/users/${created.id}`, { headers: admin.headers, body: { is_active: false } }));
		ok(await loginForm(app, "bo@example.com", reset), 400);
		ok(await api(app, "DELETE", `/users/${created.id}`, { headers: admin.headers }));

		// An administrator invites a user, who sets a password with the e-mailed link.
		ok(await api(app, "POST", "/users/", { headers: admin.headers, body: { email: "di@example.com", invite: true } }));
		await settled(app);
		await secrets.harvest(test);
		const invitation = secrets.add("invitation link token", resetTokenFromOutbox(test, "di@example.com"));
		const chosen = secrets.add("an invited user's password", "invited-user-Passw0rd");
		ok(await api(app, "POST", "/reset-password/", { body: { token: invitation, new_password: chosen } }));

		// A user deletes their own account.
		const own = secrets.add("a leaving user's password", "leaving-user-Passw0rd");
		ok(await api(app, "POST", "/users/signup", { body: { email: "cy@example.com", password: own } }));
		// Her unproved address, had the server required proof: a failed login (and a link).
		app.deps.config.emailVerification = "required";
		ok(await loginForm(app, "cy@example.com", own), 400);
		app.deps.config.emailVerification = "optional";
		await settled(app);
		await secrets.harvest(test);
		const cy = secrets.addPair("cy login", ok(await loginForm(app, "cy@example.com", own)).json() as Tokens);
		await secrets.harvest(test);
		ok(await api(app, "DELETE", "/users/me", { headers: bearer(cy.access_token) }));

		// Personal access tokens: made (after a fresh proof), used, revoked by the owner and by
		// an admin, revoked by an account recovery, swept past their end.
		ok(await api(app, "POST", "/login/reauthenticate", { headers: admin.headers, body: { password: admin.password } }));
		const dy = await seedUser(app, { email: "dy@example.com" });
		secrets.add("dy's password", dy.password);
		secrets.addPair("dy", { access_token: dy.accessToken, refresh_token: dy.refreshToken });
		const script = await createPat(app, admin, ["read", "admin:write"], { name: "offboarding" });
		secrets.add("a personal access token", script.token);
		secrets.add("a personal access token's secret", script.token.slice(39, -7));
		ok(await api(app, "DELETE", `/users/${dy.id}/sessions`, { headers: script.headers }));
		ok(await api(app, "DELETE", `/users/me/tokens/${script.id}`, { headers: admin.headers }));
		const dyLogin = secrets.addPair("dy login", ok(await loginForm(app, dy.email, dy.password)).json() as Tokens);
		const dyScript = await createPat(app, { headers: bearer(dyLogin.access_token) }, ["read"], { days: 1 });
		secrets.add("dy's token", dyScript.token);
		ok(await api(app, "DELETE", `/users/${dy.id}/tokens/${dyScript.id}`, { headers: admin.headers }));
		const dyNext = await createPat(app, { headers: bearer(dyLogin.access_token) }, ["read"], { days: 1 });
		secrets.add("dy's next token", dyNext.token);
		ok(await api(app, "POST", `/password-recovery/${dy.email}`));
		await settled(app);
		const dyReset = secrets.add("dy's reset link token", resetTokenFromOutbox(test, dy.email));
		const dyNew = secrets.add("dy's new password", "dy-reset-Passw0rd");
		ok(await api(app, "POST", "/reset-password/", { body: { token: dyReset, new_password: dyNew } }));
		const dyAgain = secrets.addPair("dy login again", ok(await loginForm(app, dy.email, dyNew)).json() as Tokens);
		const dyLast = await createPat(app, { headers: bearer(dyAgain.access_token) }, ["read"], { days: 1 });
		secrets.add("dy's last token", dyLast.token);
		await secrets.harvest(test);
		test.advance(86_400_000);
		await runHousekeeping(app.deps);

		// The operator's commands: a superuser made at the CLI, a password set at the CLI.
		const cli = secrets.add("a CLI superuser's password", "made-at-the-cli-1");
		await createSuperuserAccount(app.deps, { email: "ops@example.com", password: cli }, "operator");
		const operatorSet = secrets.add("a password set by the operator", "set-by-operator-2");
		await secrets.harvest(test);
		await setPasswordAsOperator(app.deps, "ada2@example.com", operatorSet);
		await secrets.harvest(test);

		// A sign-in through an OpenID provider that links Ada's account by her verified address.
		const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
		try {
			app.deps.config.oidcProviders = oidcProvidersOf(companyEnv(op, { ALLOWED_DOMAINS: "example.com" }));
			secrets.add("the provider's client secret", op.clientSecret);
			op.signInAs("ada-at-the-provider", { email: "ada2@example.com", email_verified: true });
			const started = await signInAtProvider(test);
			await secrets.harvest(test);
			const binding = secrets.add("a provider flow's browser binding", started.binding);
			secrets.add("a provider flow's state", started.query.get("state") ?? "");
			secrets.add("a provider's authorization code", started.query.get("code") ?? "");
			const handoff = await finishProviderSignIn(app.deps, "company", started.query, binding, META);
			secrets.add("a hand-off code", handoff.code);
			await secrets.harvest(test);
			const viaProvider = secrets.addPair(
				"ada through the provider",
				await completeProviderSignIn(app.deps, handoff.code, binding, META),
			);

			// An admin unlinks that identity; Ada links it again from Settings, tries to confirm
			// her identity through the provider, then unlinks it herself.
			let ada2 = { headers: bearer(viaProvider.access_token) };
			const ada2Id = (ok(await api(app, "GET", "/users/me", ada2)).json() as { id: string }).id;
			const identityIds = async () =>
				(
					ok(await api(app, "GET", "/users/me/sign-in-methods", ada2)).json() as {
						identities: { id: string }[];
					}
				).identities.map((identity) => identity.id);
			const [byEmail] = await identityIds();
			// The admin's first session ended days ago (the tour's clock): a new one.
			const adminNow = secrets.addPair("admin again", await newSession(app, admin));
			ok(
				await api(app, "DELETE", `/users/${ada2Id}/identities/${byEmail}`, {
					headers: bearer(adminNow.access_token),
				}),
				204,
			);
			// The unlink ended the session made through it: Ada signs in again another way.
			expect((await api(app, "GET", "/users/me", ada2)).statusCode).toBe(401);
			ada2 = {
				headers: bearer(secrets.addPair("ada after the unlink", await newSession(app, { id: ada2Id })).access_token),
			};
			for (const path of ["/users/me/identities/company/link", "/login/reauthenticate/oidc/company"]) {
				const flow = await startFromApp(app, path, ada2.headers);
				secrets.add("a link or re-authentication flow's browser binding", flow.binding ?? "");
				const query = await throughProvider(flow.authorizationUrl);
				secrets.add("a link or re-authentication flow's state", query.get("state") ?? "");
				secrets.add("a link or re-authentication authorization code", query.get("code") ?? "");
				// The tour's clock is days ahead of the provider's: the re-authentication's auth_time is
				// before its flow, so it is refused (its auth.login_failed row is searched too).
				expect(Object.keys(await callbackFragment(app, query, flow.binding)), path).toContain(
					path.includes("reauthenticate") ? "error" : "linked",
				);
				await secrets.harvest(test);
			}
			const [relinked] = await identityIds();
			ok(await api(app, "DELETE", `/users/me/identities/${relinked}`, ada2), 204);
		} finally {
			await op.close();
		}

		// A sign-up with GitHub: a member of an allowed organisation gets an account.
		const gh = await startGithubStub({ redirectUri: GITHUB_CALLBACK });
		try {
			const env = githubEnv(gh, { GITHUB_ALLOWED_ORGS: "acme", GITHUB_SIGNUP: "true" });
			app.deps.config.oidcProviders = [readGithubProvider(env) as OidcProviderConfig];
			secrets.add("GitHub's client secret", gh.clientSecret);
			gh.signInAs(githubUser(9001, "grace", "grace@example.com", { orgs: ["acme"] }));
			const started = await startProviderSignIn(app.deps, "github", undefined, META);
			const query = await throughProvider(started.authorizationUrl, GITHUB_CALLBACK);
			const binding = secrets.add("a GitHub flow's browser binding", started.binding);
			secrets.add("a GitHub flow's state", query.get("state") ?? "");
			secrets.add("a GitHub authorization code", query.get("code") ?? "");
			const handoff = await finishProviderSignIn(app.deps, "github", query, binding, META);
			for (const token of gh.accessTokens) secrets.add("a GitHub access token", token);
			secrets.add("a GitHub hand-off code", handoff.code);
			await secrets.harvest(test);
			secrets.addPair("grace through GitHub", await completeProviderSignIn(app.deps, handoff.code, binding, META));
		} finally {
			await gh.close();
		}

		// The tour did what it says: every action the code can write is in the table.
		const written = new Set((await rawAuditRows(test.db)).map((row) => row.action));
		expect([...actionsTheCodeWrites()].filter((action) => !written.has(action))).toEqual([]);
		expect(secrets.list.length).toBeGreaterThan(50);
		expect(await leaks(test, secrets)).toEqual([]);
	});
});
