import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type OidcProviderConfig, readOidcProviders } from "../../../server/config-oidc.ts";
import { type AuditEventRow, auditEvents, userIdentities, users } from "../../../server/db/schema.ts";
import { hashSecretHex } from "../../../server/lib/tokens.ts";
import { recoveryEmailHtml } from "../../../server/services/account/password-reset.ts";
import { createSuperuserAccount } from "../../../server/services/admin/first-superuser.ts";
import { setPasswordAsOperator } from "../../../server/services/admin/operator.ts";
import { resetTwoFactor } from "../../../server/services/factors/two-factor.ts";
import {
	issueAccountToken,
	REVERT_LINK_TTL_MS,
	VERIFY_LINK_TTL_MS,
} from "../../../server/services/links/email-links.ts";
import { finishProviderSignIn } from "../../../server/services/sign-in/oidc/callback.ts";
import { sweepExpiredTokens } from "../../../server/services/tokens/manage.ts";
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import { createPat } from "../../helpers/access-tokens.ts";
import { actionsTheCodeWrites, refuseAuditRows } from "../../helpers/audit.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { startFromApp } from "../../helpers/oidc-link.ts";
import { startOidcProvider, type TestOidcProvider } from "../../helpers/oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv, signInAtProvider, throughProvider } from "../../helpers/oidc-sign-in.ts";
import { addPasskey, signedLoginChallenge, TEST_ORIGIN } from "../../helpers/passkeys.ts";
import { countOf, rawGet, rawRun } from "../../helpers/raw-sql.ts";
import { authOf, META } from "../../helpers/services.ts";
import { settled } from "../../helpers/settled.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf } from "../../helpers/two-factor.ts";
import { newSession, seedAdmin, seedUser } from "../../helpers/users.ts";
import { SoftAuthenticator } from "../../helpers/webauthn.ts";

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** The OpenID providers a probe started, closed after its test. */
const providers: TestOidcProvider[] = [];
afterEach(async () => {
	await Promise.all(providers.splice(0).map((provider) => provider.close()));
});
const rows = async ({ db }: App): Promise<AuditEventRow[]> => await db.select().from(auditEvents);
const actions = async (test: App) => (await rows(test)).map((row) => row.action);

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

		expect(await actions(test)).toEqual([
			"user.signup",
			"auth.login_failed",
			"auth.login",
			"password.change",
			"admin.user_update",
			"auth.logout",
			"admin.user_delete",
		]);
		const [signedUp, failed, loggedIn, , updated, , deleted] = await rows(test);
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
		const second = await newSession(app, user);
		await api(app, "POST", `/password-recovery/${user.email}`);
		await settled(app);
		const rotated = await api(app, "POST", "/login/refresh-token", { body: { refresh_token: second.refresh_token } });
		expect(rotated.statusCode).toBe(200);
		await api(app, "POST", "/login/refresh-token", { body: { refresh_token: second.refresh_token } });
		await api(app, "POST", "/login/logout-all", { headers: user.headers });
		const another = await seedUser(app);
		await api(app, "DELETE", "/users/me", { headers: another.headers });
		expect(await actions(test)).toEqual([
			"password.reset_request",
			"auth.refresh_reuse",
			"auth.logout_all",
			"user.delete",
		]);
	});

	it("an unknown e-mail's failed login is not written down (it may be a mistyped password)", async () => {
		const test = await buildTestApp();
		await loginForm(test.app, "my-Secret-Passw0rd@example.com", "whatever-1");
		expect(await rows(test)).toEqual([
			expect.objectContaining({ action: "auth.login_failed", subjectId: null, subjectEmail: null }),
		]);
		expect(JSON.stringify(await rows(test))).not.toContain("Secret");
	});

	it("no change without its record: when the row cannot be written, the change rolls back", async () => {
		const test = await buildTestApp();
		const { app, db } = test;
		const user = await seedUser(app);
		const lift = await refuseAuditRows(db);
		const res = await api(app, "PATCH", "/users/me/password", {
			headers: user.headers,
			body: { current_password: user.password, new_password: "never-written-1" },
		});
		expect(res.statusCode).toBe(500);
		await lift();
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(200);
		expect((await loginForm(app, user.email, "never-written-1", { ip: "10.0.0.2" })).statusCode).toBe(400);
		expect(await db.select().from(users)).toHaveLength(1);
	});
});

type Probe = {
	/** Does what writes the action (over the API where there is one); returns its status, if any. */
	act: () => Promise<number | undefined>;
	/** Whether the change the action records took place. */
	changed: () => Promise<boolean>;
	/** The status while the audit table refuses rows; 500 unless the work runs after the reply. */
	refusedStatus?: number;
};

const count = (test: App, sql: string, ...params: unknown[]) => countOf(test.db, sql, params);
const sessionsOf = (test: App, userId: string) =>
	count(test, "SELECT count(*) AS n FROM sessions WHERE user_id = ?", userId);
const userRow = (test: App, id: string) => rawGet(test.db, "SELECT * FROM users WHERE id = ?", [id]);
const status = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;

/**
 * For each place the code writes an action: how to make it happen and how to see its
 * change. Each is run twice, the audit table working (the change and its row) and refusing
 * rows (neither).
 */
const probes: Record<string, (test: App) => Promise<Probe>> = {
	"user.signup": async (test) => ({
		act: () =>
			status(
				api(test.app, "POST", "/users/signup", { body: { email: "new@example.com", password: "a-good-password" } }),
			),
		changed: async () => (await count(test, "SELECT count(*) AS n FROM users WHERE email = 'new@example.com'")) === 1,
	}),
	"auth.login": async (test) => {
		const user = await seedUser(test.app);
		return {
			act: () => status(loginForm(test.app, user.email, user.password)),
			changed: async () => (await sessionsOf(test, user.id)) === 2,
		};
	},
	"auth.login_failed": async (test) => {
		const user = await seedUser(test.app);
		return {
			act: () => status(loginForm(test.app, user.email, "a-wrong-password")),
			changed: async () =>
				(await count(
					test,
					"SELECT count(*) AS n FROM login_throttle WHERE account_key = ?",
					hashSecretHex(user.email),
				)) === 1,
		};
	},
	// The right password of a deactivated account: its earlier failure's back-off is cleared with the row.
	"auth.login_failed (deactivated)": async (test) => {
		const user = await seedUser(test.app);
		await loginForm(test.app, user.email, "a-wrong-password");
		await test.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
		test.advance(60_000);
		return {
			act: () => status(loginForm(test.app, user.email, user.password)),
			changed: async () =>
				(await count(
					test,
					"SELECT count(*) AS n FROM login_throttle WHERE account_key = ?",
					hashSecretHex(user.email),
				)) === 0,
		};
	},
	// The right password of an unproved address under EMAIL_VERIFICATION=required: a new link goes with the row.
	"auth.login_failed (unverified)": async (test) => {
		test.app.deps.config.emailVerification = "required";
		const user = await seedUser(test.app, { emailVerified: false });
		return {
			act: () => status(loginForm(test.app, user.email, user.password)),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM account_tokens WHERE user_id = ?", user.id)) === 1,
		};
	},
	// An expired mfa token: it is deleted with the row.
	"auth.login_failed (mfa token)": async (test) => {
		const user = await enableTwoFactor(test.app, await seedUser(test.app), test.now);
		const mfaToken = await mfaTokenOf(test.app, user);
		test.advance(10 * 60_000);
		return {
			act: () =>
				status(
					api(test.app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code: totpAt(user.secret, test.now()) } }),
				),
			changed: async () => (await count(test, "SELECT count(*) AS n FROM mfa_tokens WHERE user_id = ?", user.id)) === 0,
		};
	},
	"auth.logout": async (test) => {
		const user = await seedUser(test.app);
		return {
			act: () => status(api(test.app, "POST", "/login/logout", { headers: user.headers })),
			changed: async () => (await sessionsOf(test, user.id)) === 0,
		};
	},
	"auth.logout_all": async (test) => {
		const user = await seedUser(test.app);
		await newSession(test.app, user);
		return {
			act: () => status(api(test.app, "POST", "/login/logout-all", { headers: user.headers })),
			changed: async () => (await sessionsOf(test, user.id)) === 0,
		};
	},
	"auth.refresh_reuse": async (test) => {
		const user = await seedUser(test.app);
		await api(test.app, "POST", "/login/refresh-token", { body: { refresh_token: user.refreshToken } });
		return {
			act: () => status(api(test.app, "POST", "/login/refresh-token", { body: { refresh_token: user.refreshToken } })),
			changed: async () => (await sessionsOf(test, user.id)) === 0,
		};
	},
	"auth.reauthenticate": async (test) => {
		const user = await seedUser(test.app);
		const before = test.now();
		test.advance(60_000);
		return {
			act: () =>
				status(
					api(test.app, "POST", "/login/reauthenticate", { headers: user.headers, body: { password: user.password } }),
				),
			changed: async () =>
				(await count(test, "SELECT max(authenticated_at) AS n FROM sessions WHERE user_id = ?", user.id)) > before,
		};
	},
	"password.change": async (test) => {
		const user = await seedUser(test.app);
		const hash = (await userRow(test, user.id))?.hashed_password;
		return {
			act: () =>
				status(
					api(test.app, "PATCH", "/users/me/password", {
						headers: user.headers,
						body: { current_password: user.password, new_password: "a-new-password-1" },
					}),
				),
			changed: async () => (await userRow(test, user.id))?.hashed_password !== hash,
		};
	},
	"password.reset_request": async (test) => {
		const user = await seedUser(test.app);
		return {
			act: async () => {
				const res = await api(test.app, "POST", `/password-recovery/${user.email}`);
				await settled(test.app);
				return res.statusCode;
			},
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM reset_tokens WHERE user_id = ?", user.id)) === 1,
			// The link is made after the reply, which says the same whatever happens.
			refusedStatus: 200,
		};
	},
	"password.reset": async (test) => {
		const user = await seedUser(test.app);
		const admin = await authOf(test.app, await seedUser(test.app, { isSuperuser: true }));
		const link = await recoveryEmailHtml(test.app.deps, admin, user.email, undefined);
		const token = /token=([A-Za-z0-9_-]{43})/.exec(link)?.[1];
		const hash = (await userRow(test, user.id))?.hashed_password;
		return {
			act: () =>
				status(api(test.app, "POST", "/reset-password/", { body: { token, new_password: "a-new-password-1" } })),
			changed: async () => (await userRow(test, user.id))?.hashed_password !== hash,
		};
	},
	"password.reset (operator)": async (test) => {
		const user = await seedUser(test.app);
		const hash = (await userRow(test, user.id))?.hashed_password;
		return {
			act: async () => {
				await setPasswordAsOperator(test.app.deps, user.email, "set-by-operator-1").catch(() => undefined);
				return undefined;
			},
			changed: async () => (await userRow(test, user.id))?.hashed_password !== hash,
		};
	},
	"email.change": async (test) => {
		const user = await seedUser(test.app);
		return {
			act: () =>
				status(api(test.app, "PATCH", "/users/me", { headers: user.headers, body: { email: "moved@example.com" } })),
			changed: async () => (await userRow(test, user.id))?.email === "moved@example.com",
		};
	},
	"admin.user_create": async (test) => {
		const admin = await seedAdmin(test.app);
		return {
			act: () =>
				status(
					api(test.app, "POST", "/users/", {
						headers: admin.headers,
						body: { email: "made@example.com", password: "a-good-password" },
					}),
				),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM users WHERE email = 'made@example.com'")) === 1,
		};
	},
	"admin.user_create (operator)": async (test) => ({
		act: async () => {
			await createSuperuserAccount(
				test.app.deps,
				{ email: "ops@example.com", password: "made-at-the-cli" },
				"operator",
			).catch(() => undefined);
			return undefined;
		},
		changed: async () => (await count(test, "SELECT count(*) AS n FROM users WHERE email = 'ops@example.com'")) === 1,
	}),
	"admin.user_invite": async (test) => {
		const admin = await seedAdmin(test.app);
		return {
			act: () =>
				status(
					api(test.app, "POST", "/users/", {
						headers: admin.headers,
						body: { email: "invited@example.com", invite: true },
					}),
				),
			changed: async () =>
				(await count(
					test,
					"SELECT count(*) AS n FROM reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'invited@example.com'",
				)) === 1,
		};
	},
	"admin.user_update": async (test) => {
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		return {
			act: () =>
				status(api(test.app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { full_name: "Renamed" } })),
			changed: async () => (await userRow(test, user.id))?.full_name === "Renamed",
		};
	},
	"admin.user_delete": async (test) => {
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		return {
			act: () => status(api(test.app, "DELETE", `/users/${user.id}`, { headers: admin.headers })),
			changed: async () => (await userRow(test, user.id)) === undefined,
		};
	},
	"admin.user_delete (an invitation revoked)": async (test) => {
		const admin = await seedAdmin(test.app);
		const invited = await api(test.app, "POST", "/users/", {
			headers: admin.headers,
			body: { email: "revoked@example.com", invite: true },
		});
		const id = (invited.json() as { id: string }).id;
		return {
			act: () => status(api(test.app, "DELETE", `/users/${id}/invite`, { headers: admin.headers })),
			changed: async () => (await userRow(test, id)) === undefined,
		};
	},
	"email.verify": async (test) => {
		const user = await seedUser(test.app, { emailVerified: false });
		const token = await issueAccountToken(test.app.deps, user.id, "email_verify", user.email, VERIFY_LINK_TTL_MS);
		return {
			act: () => status(api(test.app, "POST", "/verify-email/", { body: { token } })),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM users WHERE id = ? AND email_verified", user.id)) === 1,
		};
	},
	"email.change_reverted": async (test) => {
		const user = await seedUser(test.app);
		const token = await issueAccountToken(
			test.app.deps,
			user.id,
			"email_revert",
			"before@example.com",
			REVERT_LINK_TTL_MS,
		);
		return {
			act: () => status(api(test.app, "POST", "/revert-email/", { body: { token } })),
			changed: async () => (await userRow(test, user.id))?.email === "before@example.com",
		};
	},
	"account.credentials_removed": async (test) => {
		const user = await enableTwoFactor(test.app, await addPasskey(test.app, await seedUser(test.app)), test.now);
		const token = await issueAccountToken(
			test.app.deps,
			user.id,
			"email_revert",
			"before@example.com",
			REVERT_LINK_TTL_MS,
		);
		return {
			act: () => status(api(test.app, "POST", "/revert-email/", { body: { token } })),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM passkeys WHERE user_id = ?", user.id)) === 0 &&
				(await userRow(test, user.id))?.totp_secret === null,
		};
	},
	"session.revoke": async (test) => {
		const user = await seedUser(test.app);
		await newSession(test.app, user);
		const listed = await api(test.app, "GET", "/users/me/sessions", { headers: user.headers });
		const other = (listed.json() as { data: { id: string; current: boolean }[] }).data.find((s) => !s.current);
		return {
			act: () => status(api(test.app, "DELETE", `/users/me/sessions/${other?.id}`, { headers: user.headers })),
			changed: async () => (await sessionsOf(test, user.id)) === 1,
		};
	},
	"session.revoke_others": async (test) => {
		const user = await seedUser(test.app);
		await newSession(test.app, user);
		return {
			act: () => status(api(test.app, "DELETE", "/users/me/sessions", { headers: user.headers })),
			changed: async () => (await sessionsOf(test, user.id)) === 1,
		};
	},
	"admin.sessions_revoke": async (test) => {
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		return {
			act: () => status(api(test.app, "DELETE", `/users/${user.id}/sessions`, { headers: admin.headers })),
			changed: async () => (await sessionsOf(test, user.id)) === 0,
		};
	},
	"totp.enable": async (test) => {
		const user = await seedUser(test.app);
		const setup = await api(test.app, "POST", "/users/me/totp/setup", { headers: user.headers });
		const { secret } = setup.json() as { secret: string };
		return {
			act: () =>
				status(
					api(test.app, "POST", "/users/me/totp/enable", {
						headers: user.headers,
						body: { code: totpAt(secret, test.now()) },
					}),
				),
			changed: async () => (await userRow(test, user.id))?.totp_enabled_at !== null,
		};
	},
	"totp.disable": async (test) => {
		const user = await enableTwoFactor(test.app, await seedUser(test.app), test.now);
		return {
			act: () => status(api(test.app, "DELETE", "/users/me/totp", { headers: user.headers })),
			changed: async () => (await userRow(test, user.id))?.totp_secret === null,
		};
	},
	"recovery_codes.regenerate": async (test) => {
		const user = await enableTwoFactor(test.app, await seedUser(test.app), test.now);
		const codesBefore = () =>
			count(test, "SELECT count(*) AS n FROM recovery_codes WHERE user_id = ? AND id <= 10", user.id);
		return {
			act: () => status(api(test.app, "POST", "/users/me/recovery-codes", { headers: user.headers })),
			changed: async () => (await codesBefore()) === 0,
		};
	},
	"recovery_code.use": async (test) => {
		const user = await enableTwoFactor(test.app, await seedUser(test.app), test.now);
		const mfaToken = await mfaTokenOf(test.app, user);
		return {
			act: () =>
				status(api(test.app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code: user.recoveryCodes[0] } })),
			changed: async () =>
				(await count(
					test,
					"SELECT count(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NOT NULL",
					user.id,
				)) === 1,
		};
	},
	"admin.totp_reset": async (test) => {
		const user = await enableTwoFactor(test.app, await seedUser(test.app), test.now);
		const admin = await seedAdmin(test.app);
		return {
			act: () => status(api(test.app, "DELETE", `/users/${user.id}/totp`, { headers: admin.headers })),
			changed: async () => (await userRow(test, user.id))?.totp_secret === null,
		};
	},
	"admin.totp_reset (operator)": async (test) => {
		const user = await enableTwoFactor(test.app, await seedUser(test.app), test.now);
		return {
			act: async () => {
				try {
					await resetTwoFactor(test.app.deps, null, user.id);
				} catch {
					// The refused audit row rolls the reset back; what matters is what stayed.
				}
				return undefined;
			},
			changed: async () => (await userRow(test, user.id))?.totp_secret === null,
		};
	},
	"passkey.add": async (test) => {
		const user = await seedUser(test.app);
		const options = (await api(test.app, "POST", "/users/me/passkeys/options", { headers: user.headers })).json();
		const response = new SoftAuthenticator(TEST_ORIGIN).register(options);
		return {
			act: () => status(api(test.app, "POST", "/users/me/passkeys", { headers: user.headers, body: { response } })),
			changed: async () => (await count(test, "SELECT count(*) AS n FROM passkeys WHERE user_id = ?", user.id)) === 1,
		};
	},
	"passkey.remove": async (test) => {
		const user = await addPasskey(test.app, await seedUser(test.app));
		return {
			act: () => status(api(test.app, "DELETE", `/users/me/passkeys/${user.passkeyId}`, { headers: user.headers })),
			changed: async () => (await count(test, "SELECT count(*) AS n FROM passkeys WHERE user_id = ?", user.id)) === 0,
		};
	},
	"auth.login (passkey)": async (test) => {
		const user = await addPasskey(test.app, await seedUser(test.app));
		const { response } = await signedLoginChallenge(test.app, user.authenticator);
		return {
			act: () => status(api(test.app, "POST", "/login/passkey", { body: { response } })),
			changed: async () => (await sessionsOf(test, user.id)) === 2,
		};
	},
	"auth.reauthenticate (passkey)": async (test) => {
		const user = await addPasskey(test.app, await seedUser(test.app));
		const before = test.now();
		test.advance(60_000);
		const options = (await api(test.app, "POST", "/login/reauthenticate/options", { headers: user.headers })).json();
		const passkey = user.authenticator.authenticate(options);
		return {
			act: () => status(api(test.app, "POST", "/login/reauthenticate", { headers: user.headers, body: { passkey } })),
			changed: async () =>
				(await count(test, "SELECT max(authenticated_at) AS n FROM sessions WHERE user_id = ?", user.id)) > before,
		};
	},
	"identity.link": async (test) => {
		const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
		providers.push(op);
		test.app.deps.config.oidcProviders = readOidcProviders(
			companyEnv(op, { ALLOWED_DOMAINS: "company.com" }),
		) as OidcProviderConfig[];
		const user = await seedUser(test.app, { email: "alice@company.com" });
		op.signInAs("alice-sub", { email: "alice@company.com", email_verified: true });
		return {
			act: async () => {
				const { binding, query } = await signInAtProvider(test);
				await finishProviderSignIn(test.app.deps, "company", query, binding, META).catch(() => undefined);
				return undefined;
			},
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM user_identities WHERE user_id = ?", user.id)) === 1,
		};
	},
	"identity.link (settings)": async (test) => {
		const op = await companyProvider(test);
		const user = await seedUser(test.app);
		op.signInAs("ada-sub");
		return {
			act: async () => {
				const started = await startFromApp(test.app, "/users/me/identities/company/link", user.headers);
				return status(providerCallback(test, await throughProvider(started.authorizationUrl), started.binding));
			},
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM user_identities WHERE user_id = ?", user.id)) === 1,
		};
	},
	"auth.reauthenticate (oidc)": async (test) => {
		const op = await companyProvider(test);
		const user = await seedUser(test.app);
		await storedIdentity(test, user.id, op.issuer, "ada-sub");
		await rawRun(test.db, "UPDATE sessions SET authenticated_at = 0 WHERE user_id = ?", [user.id]);
		op.signInAs("ada-sub");
		return {
			act: async () => {
				const started = await startFromApp(test.app, "/login/reauthenticate/oidc/company", user.headers);
				return status(providerCallback(test, await throughProvider(started.authorizationUrl), started.binding));
			},
			changed: async () =>
				(await count(test, "SELECT max(authenticated_at) AS n FROM sessions WHERE user_id = ?", user.id)) > 0,
		};
	},
	"identity.unlink": async (test) => {
		const user = await seedUser(test.app);
		const id = await storedIdentity(test, user.id, "https://sso.example.com", "ada-sub");
		return {
			act: () => status(api(test.app, "DELETE", `/users/me/identities/${id}`, { headers: user.headers })),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM user_identities WHERE user_id = ?", user.id)) === 0,
		};
	},
	"admin.identity_unlink": async (test) => {
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		const id = await storedIdentity(test, user.id, "https://sso.example.com", "ada-sub");
		return {
			act: () => status(api(test.app, "DELETE", `/users/${user.id}/identities/${id}`, { headers: admin.headers })),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM user_identities WHERE user_id = ?", user.id)) === 0,
		};
	},
	"user.delete": async (test) => {
		const user = await seedUser(test.app);
		return {
			act: () => status(api(test.app, "DELETE", "/users/me", { headers: user.headers })),
			changed: async () => (await userRow(test, user.id)) === undefined,
		};
	},
	"token.create": async (test) => {
		const user = await seedUser(test.app);
		const body = { name: "script", scopes: ["read"] };
		return {
			act: () => status(api(test.app, "POST", "/users/me/tokens", { headers: user.headers, body })),
			changed: async () => (await count(test, "SELECT count(*) AS n FROM api_tokens WHERE user_id = ?", user.id)) === 1,
		};
	},
	"token.revoke": async (test) => {
		const user = await seedUser(test.app);
		const pat = await createPat(test.app, user);
		return {
			act: () => status(api(test.app, "DELETE", `/users/me/tokens/${pat.id}`, { headers: user.headers })),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM api_tokens WHERE revoked_at IS NOT NULL")) === 1,
		};
	},
	"token.revoke (account recovery)": async (test) => {
		const user = await seedUser(test.app);
		await createPat(test.app, user);
		const admin = await seedAdmin(test.app);
		const token = /token=([A-Za-z0-9_-]{43})/.exec(
			await recoveryEmailHtml(test.app.deps, await authOf(test.app, admin), user.email, undefined),
		)?.[1];
		return {
			act: () =>
				status(api(test.app, "POST", "/reset-password/", { body: { token, new_password: "a-brand-new-password" } })),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM api_tokens WHERE revoked_at IS NOT NULL")) === 1,
		};
	},
	"admin.token_revoke": async (test) => {
		const user = await seedUser(test.app);
		const pat = await createPat(test.app, user);
		const admin = await seedAdmin(test.app);
		return {
			act: () => status(api(test.app, "DELETE", `/users/${user.id}/tokens/${pat.id}`, { headers: admin.headers })),
			changed: async () =>
				(await count(test, "SELECT count(*) AS n FROM api_tokens WHERE revoked_at IS NOT NULL")) === 1,
		};
	},
	"token.expire": async (test) => {
		const user = await seedUser(test.app);
		await createPat(test.app, user, ["read"], { days: 1 });
		test.advance(86_400_000);
		return {
			act: async () => {
				try {
					await sweepExpiredTokens(test.app.deps);
				} catch {
					// The refused audit row rolls the sweep back; what matters is what stayed.
				}
				return undefined;
			},
			changed: async () => (await count(test, "SELECT count(*) AS n FROM api_tokens")) === 0,
		};
	},
};

/** The provider `company` at a real OpenID provider, closed after the test. */
async function companyProvider(test: App): Promise<TestOidcProvider> {
	const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
	providers.push(op);
	test.app.deps.config.oidcProviders = readOidcProviders(companyEnv(op)) as OidcProviderConfig[];
	return op;
}

/** The provider's callback, as the browser that started the flow calls it. */
const providerCallback = (test: App, query: URLSearchParams, binding: string | undefined) =>
	test.app.inject({
		method: "GET",
		url: `/api/v1/login/oidc/company/callback?${query}`,
		cookies: binding ? { portico_oidc: binding } : {},
	});

async function storedIdentity(test: App, userId: string, issuer: string, subject: string): Promise<string> {
	const id = randomUUID();
	await test.db.insert(userIdentities).values({
		id,
		userId,
		provider: "company",
		issuer,
		subject,
		emailAtLink: null,
		createdAt: test.now(),
		lastUsedAt: null,
	});
	return id;
}

const actionOf = (name: string) => name.split(" ")[0] as AuditAction;

describe("every action is written in the transaction of its change", () => {
	it("has a probe for every action the code can write", () => {
		expect([...new Set(Object.keys(probes).map(actionOf))].sort()).toEqual(actionsTheCodeWrites().sort());
	});

	it.each(Object.keys(probes))("%s: with the row, or not at all", async (name) => {
		const action = actionOf(name);
		const working = await buildTestApp();
		const probe = await probes[name]?.(working);
		if (!probe) throw new Error(name);
		expect(await probe.act()).not.toBe(500);
		expect(await probe.changed()).toBe(true);
		expect(await actions(working)).toContain(action);

		const refusing = await buildTestApp();
		const refused = await probes[name]?.(refusing);
		if (!refused) throw new Error(name);
		const before = (await rows(refusing)).length;
		await refuseAuditRows(refusing.db);
		const answered = await refused.act();
		if (answered !== undefined) expect(answered).toBe(refused.refusedStatus ?? 500);
		expect(await refused.changed()).toBe(false);
		expect(await rows(refusing)).toHaveLength(before);
	});
});
