import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { auditEvents, userIdentities, users } from "../../../server/db/schema.ts";
import { createPasswordHasher, NO_PASSWORD } from "../../../server/lib/passwords.ts";
import { finishProviderSignIn } from "../../../server/services/sign-in/oidc/callback.ts";
import { completeProviderSignIn } from "../../../server/services/sign-in/oidc/handoff.ts";
import { fullNameOf } from "../../../server/services/sign-in/oidc/signup.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { parseMail, resetTokenOf } from "../../helpers/eml.ts";
import {
	atGithub,
	closeGithubStubsAfterEach,
	type GithubWorld,
	githubEnv,
	githubStub,
	githubUser,
	githubWorld,
	signInWithGithub,
} from "../../helpers/github-sign-in.ts";
import type { GithubUser } from "../../helpers/github-stub.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { type OidcAccount, startOidcProvider, type TestOidcProvider } from "../../helpers/oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv, signInAtProvider } from "../../helpers/oidc-sign-in.ts";
import { META, refusal } from "../../helpers/services.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

/**
 * Sign-up through a provider (OIDC `_SIGNUP`, GITHUB_SIGNUP), against a real OpenID
 * provider and the loopback GitHub: an unknown identity with a provider-verified address
 * that no account has gets a new account, in the hand-off's transaction; never a second
 * account for an address, never a superuser; not an "invitation" in the admin list; no
 * password until recovery sets one.
 */
const providers: TestOidcProvider[] = [];
afterEach(async () => {
	await Promise.all(providers.splice(0).map((provider) => provider.close()));
});
closeGithubStubsAfterEach();

type OidcWorld = TestApp & { op: TestOidcProvider };

async function oidcWorld(env: Record<string, string> = {}): Promise<OidcWorld> {
	const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
	providers.push(op);
	const test = await buildTestApp({ env: companyEnv(op, { ALLOWED_DOMAINS: "company.com", ...env }) });
	return { ...test, op };
}

async function oidcSignIn(w: OidcWorld, sub: string, claims: OidcAccount) {
	w.op.signInAs(sub, claims);
	const { binding, query } = await signInAtProvider(w);
	const handoff = await finishProviderSignIn(w.app.deps, "company", query, binding, META);
	return completeProviderSignIn(w.app.deps, handoff.code, binding, META);
}

const auditOf = async (w: TestApp, action: string) =>
	(await w.db.select().from(auditEvents).where(eq(auditEvents.action, action))).map((row) => ({
		subjectId: row.subjectId,
		details: JSON.parse(row.details),
	}));

const usersWith = (w: TestApp, email: string) => w.db.select().from(users).where(eq(users.email, email));

describe("OpenID Connect sign-up (OIDC_<ID>_SIGNUP=true)", () => {
	it("an unknown identity with a verified address in an allowed domain and no account gets one, signed in", async () => {
		const w = await oidcWorld({ SIGNUP: "true" });
		const tokens = await oidcSignIn(w, "new-sub", {
			email: "New.Person@Company.com",
			email_verified: true,
			name: "New Person",
		});
		expect(tokens).toMatchObject({ access_token: expect.any(String) });
		const [user] = await usersWith(w, "new.person@company.com");
		expect(user).toMatchObject({
			fullName: "New Person",
			hashedPassword: NO_PASSWORD,
			emailVerified: true,
			isActive: true,
			isSuperuser: false,
		});
		expect(await w.db.select().from(userIdentities)).toMatchObject([
			{
				userId: user?.id,
				provider: "company",
				issuer: w.op.issuer,
				subject: "new-sub",
				emailAtLink: "new.person@company.com",
			},
		]);
		expect(await auditOf(w, "user.signup")).toEqual([{ subjectId: user?.id, details: { via: "company" } }]);
		expect(await auditOf(w, "identity.link")).toEqual([
			{ subjectId: user?.id, details: { provider: "company", by: "signup" } },
		]);
		expect((await auditOf(w, "auth.login")).at(-1)).toEqual({
			subjectId: user?.id,
			details: { method: "oidc", provider: "company" },
		});
	});

	it("off by default: the same identity is IDENTITY_NOT_LINKED and no account is made", async () => {
		const w = await oidcWorld();
		expect(await refusal(() => oidcSignIn(w, "new-sub", { email: "new@company.com", email_verified: true }))).toBe(
			"IDENTITY_NOT_LINKED",
		);
		expect(await w.db.select().from(users)).toEqual([]);
	});

	it.each([
		["an unverified address", { email: "new@company.com", email_verified: false }, "IDENTITY_NOT_LINKED"],
		["an absent email_verified", { email: "new@company.com" }, "IDENTITY_NOT_LINKED"],
		["a lookalike domain", { email: "new@company.com.evil.io", email_verified: true }, "DOMAIN_NOT_ALLOWED"],
		["no address", {}, "IDENTITY_NOT_LINKED"],
	])("refused with %s: no account", async (_name, claims: OidcAccount, reason) => {
		const w = await oidcWorld({ SIGNUP: "true" });
		expect(await refusal(() => oidcSignIn(w, "new-sub", claims))).toBe(reason);
		expect(await w.db.select().from(users)).toEqual([]);
	});

	it("an address that has an account follows the linking rules: linked when they hold, refused otherwise, never a second account", async () => {
		const w = await oidcWorld({ SIGNUP: "true" });
		const verified = await seedUser(w.app, { email: "alice@company.com" });
		await oidcSignIn(w, "alice-sub", { email: "alice@company.com", email_verified: true });
		expect(await w.db.select().from(userIdentities)).toMatchObject([{ userId: verified.id, subject: "alice-sub" }]);
		await seedUser(w.app, { email: "victim@company.com", emailVerified: false });
		expect(
			await refusal(() => oidcSignIn(w, "mallory-sub", { email: "victim@company.com", email_verified: true })),
		).toBe("IDENTITY_NOT_LINKED");
		expect(await usersWith(w, "victim@company.com")).toHaveLength(1);
		expect(await auditOf(w, "user.signup")).toEqual([]);
	});

	it("the name claim, on one line and cut to the field's 255 characters", async () => {
		const w = await oidcWorld({ SIGNUP: "true" });
		await oidcSignIn(w, "long-sub", {
			email: "long@company.com",
			email_verified: true,
			name: `A\nB ${"x".repeat(400)}`,
		});
		const [user] = await usersWith(w, "long@company.com");
		expect(user?.fullName).toBe(`A B ${"x".repeat(251)}`);
		expect(fullNameOf(`${"x".repeat(254)}😀`)).toBe("x".repeat(254));
		expect(fullNameOf(" \t ")).toBeNull();
	});
});

const ORG_ENV = { GITHUB_ALLOWED_ORGS: "acme", GITHUB_SIGNUP: "true" };
const NEWCOMER = githubUser(777, "newcomer", "newcomer@example.org", { name: "New Comer", orgs: ["Acme"] });

describe("GitHub sign-up (GITHUB_SIGNUP=true with GITHUB_ALLOWED_ORGS)", () => {
	it("a member of an allowed organisation with a verified primary address gets an account", async () => {
		const w = await githubWorld(ORG_ENV);
		expect(await signInWithGithub(w, NEWCOMER)).toMatchObject({ access_token: expect.any(String) });
		const [user] = await usersWith(w, "newcomer@example.org");
		expect(user).toMatchObject({
			fullName: "New Comer",
			hashedPassword: NO_PASSWORD,
			emailVerified: true,
			isActive: true,
			isSuperuser: false,
		});
		expect(await w.db.select().from(userIdentities)).toMatchObject([
			{ userId: user?.id, provider: "github", issuer: w.gh.url, subject: "777", emailAtLink: "newcomer@example.org" },
		]);
		expect(await auditOf(w, "user.signup")).toEqual([{ subjectId: user?.id, details: { via: "github" } }]);
		expect((await auditOf(w, "auth.login")).at(-1)?.details).toEqual({ method: "github", provider: "github" });
	});

	it("the login when GitHub has no name; the primary verified address only", async () => {
		const w = await githubWorld(ORG_ENV);
		await signInWithGithub(w, {
			...NEWCOMER,
			name: null,
			emails: [
				{ email: "other@example.org", primary: false, verified: true },
				{ email: "newcomer@example.org", primary: true, verified: true },
			],
		});
		expect(await w.db.select({ email: users.email, fullName: users.fullName }).from(users)).toEqual([
			{ email: "newcomer@example.org", fullName: "newcomer" },
		]);
	});

	it.each([
		["no allowed organisation", { orgs: ["other"] }, "ORG_NOT_ALLOWED", "org_not_allowed"],
		[
			"an unverified primary address",
			{ emails: [{ email: "newcomer@example.org", primary: true, verified: false }] },
			"IDENTITY_NOT_LINKED",
			"no_email",
		],
		[
			"a verified address that is not the primary",
			{ emails: [{ email: "newcomer@example.org", primary: false, verified: true }] },
			"IDENTITY_NOT_LINKED",
			"no_email",
		],
	] as [string, Partial<GithubUser>, string, string][])(
		"refused with %s: no account",
		async (_name, change, reason, audited) => {
			const w = await githubWorld(ORG_ENV);
			expect(await refusal(() => signInWithGithub(w, { ...NEWCOMER, ...change }))).toBe(reason);
			expect(await w.db.select().from(users)).toEqual([]);
			expect((await auditOf(w, "auth.login_failed")).at(-1)?.details).toEqual({
				during: "github",
				provider: "github",
				reason: audited,
			});
		},
	);

	it("off without GITHUB_SIGNUP: IDENTITY_NOT_LINKED", async () => {
		const w = await githubWorld({ GITHUB_ALLOWED_ORGS: "acme" });
		expect(await refusal(() => signInWithGithub(w, NEWCOMER))).toBe("IDENTITY_NOT_LINKED");
		expect(await w.db.select().from(users)).toEqual([]);
	});

	it("an address that has an account: refused, never linked by e-mail, never a second account", async () => {
		const w = await githubWorld(ORG_ENV);
		const owner = await seedUser(w.app, { email: "newcomer@example.org" });
		expect(await refusal(() => signInWithGithub(w, NEWCOMER))).toBe("IDENTITY_NOT_LINKED");
		expect(await usersWith(w, "newcomer@example.org")).toMatchObject([{ id: owner.id }]);
		expect(await w.db.select().from(userIdentities)).toEqual([]);
		expect((await auditOf(w, "auth.login_failed")).at(-1)?.details).toMatchObject({ reason: "email_has_account" });
	});

	it("two callbacks signing up the same new identity at once make one account; the second signs in to it", async () => {
		const w = await githubWorld(ORG_ENV);
		const browsers = [await atGithub(w, NEWCOMER), await atGithub(w, NEWCOMER)];
		// Both hold at GitHub's organisations: each has its token and the user, neither has written.
		const gate = w.gh.hold("/api/v3/user/orgs", 2);
		const callbacks = browsers.map((browser) =>
			finishProviderSignIn(w.app.deps, "github", browser.query, browser.binding, META),
		);
		await gate.reached;
		expect(await w.db.select().from(users)).toEqual([]);
		gate.release();
		const handoffs = await Promise.all(callbacks);
		const signedIn = await Promise.all(
			handoffs.map((handoff, index) =>
				completeProviderSignIn(w.app.deps, handoff.code, browsers[index]?.binding ?? "", META),
			),
		);
		expect(signedIn).toMatchObject([{ access_token: expect.any(String) }, { access_token: expect.any(String) }]);
		const made = await w.db.select().from(users);
		expect(made).toHaveLength(1);
		expect(await w.db.select().from(userIdentities)).toMatchObject([{ userId: made[0]?.id, subject: "777" }]);
		expect(await auditOf(w, "user.signup")).toHaveLength(1);
		expect((await auditOf(w, "auth.login")).map((row) => row.subjectId)).toEqual([made[0]?.id, made[0]?.id]);
	});
});

describe("an account signed up through a provider", () => {
	it("is not an invitation in the admin list (flag and filter); an invited user still is", async () => {
		const w = await githubWorld(ORG_ENV);
		await signInWithGithub(w, NEWCOMER);
		const admin = await seedAdmin(w.app);
		const invite = await api(w.app, "POST", "/users/", {
			headers: admin.headers,
			body: { email: "invited@example.org", invite: true },
		});
		expect(invite.statusCode).toBe(200);
		const list = async (query: string) => {
			const res = await api(w.app, "GET", `/users/?limit=100${query}`, { headers: admin.headers });
			expect(res.statusCode).toBe(200);
			return (res.json() as { data: { email: string; invited: boolean }[] }).data
				.map((user) => `${user.email}${user.invited ? " (invited)" : ""}`)
				.sort();
		};
		expect(await list("")).toEqual(["admin@example.com", "invited@example.org (invited)", "newcomer@example.org"]);
		expect(await list("&status=invited")).toEqual(["invited@example.org (invited)"]);
		expect(await list("&status=active")).toEqual(["admin@example.com", "newcomer@example.org"]);
		// Nor resent or revoked as one (revoking would delete a working account).
		const [newcomer] = await usersWith(w, "newcomer@example.org");
		for (const method of ["POST", "DELETE"] as const) {
			const res = await api(w.app, method, `/users/${newcomer?.id}/invite`, { headers: admin.headers });
			expect(res.statusCode).toBe(409);
		}
		expect(await usersWith(w, "newcomer@example.org")).toHaveLength(1);
	});

	it("has no password: a password login fails as a wrong one (a real verify); recovery by e-mail sets one", async () => {
		const smtp = await startSmtp();
		const gh = await githubStub();
		const real = createPasswordHasher();
		const verified: string[] = [];
		const test = await buildTestApp({
			env: githubEnv(gh, { ...ORG_ENV, SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) }),
			passwords: {
				hash: real.hash,
				verify: (stored, password, keys) => {
					verified.push(stored);
					return real.verify(stored, password, keys);
				},
			},
		});
		const w: GithubWorld = { ...test, gh };
		await signInWithGithub(w, NEWCOMER);
		const wrong = await loginForm(w.app, "newcomer@example.org", "any-password-at-all");
		const other = await seedUser(w.app, { email: "other@example.org" });
		const wrongForOther = await loginForm(w.app, other.email, "any-password-at-all", { ip: "10.0.0.2" });
		expect(wrong.statusCode).toBe(wrongForOther.statusCode);
		expect(wrong.json()).toEqual(wrongForOther.json());
		expect(verified[0]).toBe(NO_PASSWORD);

		const recover = await api(w.app, "POST", "/password-recovery/newcomer@example.org");
		expect(recover.statusCode).toBe(200);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		// A recovery link, not an invitation's.
		const link = await api(w.app, "POST", "/reset-password/link", { body: { token } });
		expect(link.json()).toEqual({ email: "newcomer@example.org", invitation: false });
		const reset = await api(w.app, "POST", "/reset-password/", {
			body: { token, new_password: "a-password-of-my-own" },
		});
		expect(reset.statusCode).toBe(200);
		w.advance(60_000); // past the back-off the wrong password started
		expect((await loginForm(w.app, "newcomer@example.org", "a-password-of-my-own")).statusCode).toBe(200);
	});
});
