import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { oidcFlows, userIdentities, users } from "../../../server/db/schema.ts";
import { DomainError } from "../../../server/domain/errors.ts";
import { finishProviderSignIn } from "../../../server/services/sign-in/oidc/callback.ts";
import { startProviderSignIn } from "../../../server/services/sign-in/oidc/flow.ts";
import { completeProviderSignIn } from "../../../server/services/sign-in/oidc/handoff.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { freePort } from "../../helpers/free-port.ts";
import { type OidcAccount, startOidcProvider, type TestOidcProvider } from "../../helpers/oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv, signInAtProvider, throughProvider } from "../../helpers/oidc-sign-in.ts";
import { lastAudit, linkIdentity, type OidcWorld, oidcWorld, providerSignIn } from "../../helpers/oidc-world.ts";
import { META, refusal } from "../../helpers/services.ts";
import { enableTwoFactor } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * Sign-in through an OpenID provider, against a real one (oidc-provider on a loopback
 * port): each refusal below is produced by the protocol itself, not by a mock. The
 * browser is played by fetch with its own cookie jar; Portico's side is its services.
 */
const providers: TestOidcProvider[] = [];
afterEach(async () => {
	await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

async function provider(options: Omit<Parameters<typeof startOidcProvider>[0], "redirectUri"> = {}) {
	const started = await startOidcProvider({ redirectUri: COMPANY_CALLBACK, ...options });
	providers.push(started);
	return started;
}

const identitiesOf = (w: OidcWorld, userId: string) =>
	w.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

const reasonOf = async (call: () => Promise<unknown>) => refusal(call);

describe("a linked identity signs in", () => {
	it("through the admission: a session, and auth.login {method: oidc, provider}", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "alice-sub");
		const tokens = await providerSignIn(w, "alice-sub", { email: "someone-else@company.com", email_verified: true });
		expect(tokens).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
		expect(await lastAudit(w, "auth.login")).toEqual({
			subjectId: user.id,
			details: { method: "oidc", provider: "company" },
		});
		expect((await identitiesOf(w, user.id))[0]?.lastUsedAt).toBe(w.now());
	});

	it("found by (iss, sub) only: the same e-mail under another sub is not that account", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app, { email: "alice@company.com", emailVerified: false });
		await linkIdentity(w, user.id, "alice-sub");
		expect(
			await reasonOf(() => providerSignIn(w, "mallory-sub", { email: "alice@company.com", email_verified: true })),
		).toBe("IDENTITY_NOT_LINKED");
	});

	it("the account's own rules after the provider: inactive refused, two-factor asks its code", async () => {
		const w = await oidcWorld();
		const inactive = await seedUser(w.app, { isActive: false });
		await linkIdentity(w, inactive.id, "gone-sub");
		expect(await reasonOf(() => providerSignIn(w, "gone-sub"))).toBe("INACTIVE_USER");

		const withCode = await enableTwoFactor(w.app, await seedUser(w.app), w.now);
		await linkIdentity(w, withCode.id, "totp-sub");
		const asked = await providerSignIn(w, "totp-sub").catch((error: DomainError) => error);
		expect(asked).toBeInstanceOf(DomainError);
		expect(asked).toMatchObject({ reason: "MFA_REQUIRED", extra: { mfa_token: expect.any(String) } });
	});

	it("a provider trusted for the second factor (BYPASS_TWO_FACTOR) signs in without the code, and says so", async () => {
		const w = await oidcWorld({ BYPASS_TWO_FACTOR: "true" });
		const withCode = await enableTwoFactor(w.app, await seedUser(w.app), w.now);
		await linkIdentity(w, withCode.id, "totp-sub");
		expect(await providerSignIn(w, "totp-sub")).toMatchObject({ access_token: expect.any(String) });
		expect((await lastAudit(w, "auth.login"))?.details).toEqual({
			method: "oidc",
			provider: "company",
			second_factor: "idp",
		});
	});
});

describe("linking by e-mail, only when every rule holds", () => {
	it("a provider-verified address in an allowed domain links the verified, active account that has it", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app, { email: "alice@company.com" });
		expect(await providerSignIn(w, "alice-sub", { email: "Alice@Company.com", email_verified: true })).toMatchObject({
			access_token: expect.any(String),
		});
		expect(await identitiesOf(w, user.id)).toMatchObject([
			{ provider: "company", issuer: w.op.issuer, subject: "alice-sub", emailAtLink: "alice@company.com" },
		]);
		expect(await lastAudit(w, "identity.link")).toEqual({
			subjectId: user.id,
			details: { provider: "company", by: "email" },
		});
	});

	const NOT_LINKED = "IDENTITY_NOT_LINKED";
	const DOMAIN = "DOMAIN_NOT_ALLOWED";
	it.each([
		["email_verified false", { email: "alice@company.com", email_verified: false }, "email_not_verified", NOT_LINKED],
		["email_verified absent", { email: "alice@company.com" }, "email_not_verified", NOT_LINKED],
		["a lookalike domain", { email: "alice@evilcompany.com", email_verified: true }, "domain_not_allowed", DOMAIN],
		[
			"a domain under another",
			{ email: "alice@company.com.evil.io", email_verified: true },
			"domain_not_allowed",
			DOMAIN,
		],
		["no e-mail at all", {}, "no_email", NOT_LINKED],
	])("refused: %s", async (_name, claims: OidcAccount, reason, answer) => {
		const w = await oidcWorld();
		for (const email of ["alice@company.com", "alice@evilcompany.com", "alice@company.com.evil.io"])
			await seedUser(w.app, { email });
		// A domain the settings do not allow is said in those words; the rest as "not linked".
		expect(await reasonOf(() => providerSignIn(w, "alice-sub", claims))).toBe(answer);
		expect(await w.db.select().from(userIdentities)).toEqual([]);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({ during: "oidc", provider: "company", reason });
	});

	it("an absent email_verified counts only where the admin trusts the provider for it (TRUST_EMAIL)", async () => {
		const w = await oidcWorld({ TRUST_EMAIL: "true" });
		const user = await seedUser(w.app, { email: "alice@company.com" });
		await providerSignIn(w, "alice-sub", { email: "alice@company.com" });
		expect(await identitiesOf(w, user.id)).toHaveLength(1);
		// An explicit false is still false.
		const other = await seedUser(w.app, { email: "bob@company.com" });
		expect(
			await reasonOf(() => providerSignIn(w, "bob-sub", { email: "bob@company.com", email_verified: false })),
		).toBe("IDENTITY_NOT_LINKED");
		expect(await identitiesOf(w, other.id)).toEqual([]);
	});

	it("never to an unverified local account (pre-hijacking), nor an inactive one, nor one linked to this provider already", async () => {
		const w = await oidcWorld();
		const unverified = await seedUser(w.app, { email: "victim@company.com", emailVerified: false });
		const inactive = await seedUser(w.app, { email: "left@company.com", isActive: false });
		const linked = await seedUser(w.app, { email: "carol@company.com" });
		await linkIdentity(w, linked.id, "carol-first-sub");
		for (const [sub, email, reason] of [
			["victim-sub", "victim@company.com", "account_not_verified"],
			["left-sub", "left@company.com", "account_inactive"],
			["carol-second-sub", "carol@company.com", "provider_already_linked"],
		] as const) {
			expect(await reasonOf(() => providerSignIn(w, sub, { email, email_verified: true }))).toBe("IDENTITY_NOT_LINKED");
			expect((await lastAudit(w, "auth.login_failed"))?.details).toMatchObject({ reason });
		}
		expect(await identitiesOf(w, unverified.id)).toEqual([]);
		expect(await identitiesOf(w, inactive.id)).toEqual([]);
		expect(await identitiesOf(w, linked.id)).toHaveLength(1);
	});

	it("an identity whose sub is longer than OpenID's 255 characters is refused, not stored", async () => {
		const w = await oidcWorld();
		await seedUser(w.app, { email: "alice@company.com" });
		expect(
			await reasonOf(() => providerSignIn(w, "s".repeat(256), { email: "alice@company.com", email_verified: true })),
		).toBe("PROVIDER_SIGN_IN_FAILED");
		expect(await w.db.select().from(userIdentities)).toEqual([]);
	});

	it("reads the claims from the id_token when the provider puts them there (no userinfo needed)", async () => {
		const op = await provider({ claimsInIdToken: true });
		const test = await buildTestApp({ env: companyEnv(op, { ALLOWED_DOMAINS: "company.com" }) });
		const w = { ...test, op };
		const user = await seedUser(w.app, { email: "alice@company.com" });
		await providerSignIn(w, "alice-sub", { email: "alice@company.com", email_verified: true });
		expect(await identitiesOf(w, user.id)).toHaveLength(1);
	});
});

describe("the flow: bound to one browser, spent once, checked in full", () => {
	it("a callback without the browser's binding cookie, or with another browser's, is refused (login CSRF)", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "alice-sub");
		w.op.signInAs("alice-sub");
		const attacker = await signInAtProvider(w);
		expect(await reasonOf(() => finishProviderSignIn(w.app.deps, "company", attacker.query, undefined, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		const victim = await startProviderSignIn(w.app.deps, "company", undefined, META);
		const second = await signInAtProvider(w);
		expect(await reasonOf(() => finishProviderSignIn(w.app.deps, "company", second.query, victim.binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
			during: "oidc",
			provider: "company",
			reason: "flow",
		});
	});

	it("a callback replayed is refused: the flow row is spent by the first", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "alice-sub");
		w.op.signInAs("alice-sub");
		const { binding, query } = await signInAtProvider(w);
		await finishProviderSignIn(w.app.deps, "company", query, binding, META);
		expect(await reasonOf(() => finishProviderSignIn(w.app.deps, "company", query, binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
	});

	it("swapped state: one flow's code with another flow's state fails the provider's PKCE check", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "alice-sub");
		w.op.signInAs("alice-sub");
		const first = await signInAtProvider(w);
		const second = await signInAtProvider(w);
		const swapped = new URLSearchParams(first.query);
		swapped.set("state", second.query.get("state") ?? "");
		expect(await reasonOf(() => finishProviderSignIn(w.app.deps, "company", swapped, second.binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toMatchObject({ reason: "provider_answer" });
	});

	it("a wrong nonce in the id_token is refused", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "alice-sub");
		w.op.signInAs("alice-sub");
		const { binding, query } = await signInAtProvider(w);
		await w.db.update(oidcFlows).set({ nonce: "a-nonce-this-flow-never-sent" });
		expect(await reasonOf(() => finishProviderSignIn(w.app.deps, "company", query, binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
	});

	it("mix-up: an answer from a second provider (its iss) to this provider's callback is refused", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "alice-sub");
		const other = await provider({ clientId: w.op.clientId, clientSecret: w.op.clientSecret });
		other.signInAs("alice-sub");
		const started = await startProviderSignIn(w.app.deps, "company", undefined, META);
		// The same request, answered by the other provider.
		const asked = new URL(started.authorizationUrl);
		const redirected = new URL(`${asked.pathname}${asked.search}`, other.issuer);
		const query = await throughProvider(redirected.href);
		expect(query.get("iss")).toBe(other.issuer);
		expect(await reasonOf(() => finishProviderSignIn(w.app.deps, "company", query, started.binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
	});

	it("the hand-off code: once, from the browser that started the flow, within 60 s", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "alice-sub");
		w.op.signInAs("alice-sub");
		const handoffOf = async () => {
			const { binding, query } = await signInAtProvider(w);
			return { binding, ...(await finishProviderSignIn(w.app.deps, "company", query, binding, META)) };
		};
		const once = await handoffOf();
		await completeProviderSignIn(w.app.deps, once.code, once.binding, META);
		expect(await reasonOf(() => completeProviderSignIn(w.app.deps, once.code, once.binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		const elsewhere = await handoffOf();
		expect(await reasonOf(() => completeProviderSignIn(w.app.deps, elsewhere.code, "another-browser", META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		const late = await handoffOf();
		w.advance(60_001);
		expect(await reasonOf(() => completeProviderSignIn(w.app.deps, late.code, late.binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
	});

	it("the return path is a same-origin relative path only", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "alice-sub");
		w.op.signInAs("alice-sub");
		const returned = async (returnTo: string) => {
			const { binding, query } = await signInAtProvider(w, "company", returnTo);
			return (await finishProviderSignIn(w.app.deps, "company", query, binding, META)).returnTo;
		};
		expect(await returned("/settings/security")).toBe("/settings/security");
		for (const evil of ["https://evil.io/", "//evil.io/", "/\\evil.io", "javascript:alert(1)"])
			expect(await returned(evil)).toBe("/");
	});
});

describe("a provider that is down", () => {
	it("answers PROVIDER_UNAVAILABLE at the start, and works once it is back", async () => {
		const port = await freePort();
		const issuer = `http://127.0.0.1:${port}`;
		const test = await buildTestApp({
			env: {
				OIDC_PROVIDERS: "company",
				OIDC_COMPANY_ISSUER: issuer,
				OIDC_COMPANY_CLIENT_ID: "portico",
				OIDC_COMPANY_CLIENT_SECRET: "secret-of-the-test",
			},
		});
		expect(await reasonOf(() => startProviderSignIn(test.app.deps, "company", undefined, META))).toBe(
			"PROVIDER_UNAVAILABLE",
		);
		await provider({ port, clientSecret: "secret-of-the-test" });
		const started = await startProviderSignIn(test.app.deps, "company", undefined, META);
		expect(started.authorizationUrl.startsWith(`${issuer}/`)).toBe(true);
	});

	it("an unknown provider id is PROVIDER_NOT_FOUND", async () => {
		const w = await oidcWorld();
		expect(await reasonOf(() => startProviderSignIn(w.app.deps, "other", undefined, META))).toBe("PROVIDER_NOT_FOUND");
		expect(await w.db.select().from(users)).toEqual([]);
	});
});
