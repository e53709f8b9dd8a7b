import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, oidcFlows, userIdentities, users } from "../../../server/db/schema.ts";
import { finishProviderSignIn } from "../../../server/services/sign-in/oidc/callback.ts";
import { startProviderSignIn } from "../../../server/services/sign-in/oidc/flow.ts";
import { completeProviderSignIn } from "../../../server/services/sign-in/oidc/handoff.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { freePort } from "../../helpers/free-port.ts";
import {
	atGithub,
	closeGithubStubsAfterEach,
	GITHUB_CALLBACK,
	type GithubWorld,
	githubEnv,
	githubStub,
	githubUser,
	githubWorld,
	linkGithub,
	signInWithGithub,
} from "../../helpers/github-sign-in.ts";
import { api } from "../../helpers/http.ts";
import { callbackFragment, completeHandoff } from "../../helpers/oidc-link.ts";
import { throughProvider } from "../../helpers/oidc-sign-in.ts";
import { META, refusal } from "../../helpers/services.ts";
import { enableTwoFactor } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * Sign-in with GitHub, against a loopback GitHub that answers as GitHub does
 * (tests/helpers/github-stub.ts) at the real GITHUB_URL setting: openid-client exchanges
 * the code (PKCE, state; no id_token), then Portico reads the user, the addresses and the
 * organisations with that token. The browser is played by fetch; Portico's side is its services.
 */
closeGithubStubsAfterEach();

const ALICE = githubUser(4242, "alice", "alice@company.com", { name: "Alice Liddell", orgs: ["acme"] });

const lastAudit = async (w: GithubWorld, action: string) => {
	const rows = await w.db.select().from(auditEvents).where(eq(auditEvents.action, action));
	const row = rows.at(-1);
	return row && { subjectId: row.subjectId, details: JSON.parse(row.details) };
};

describe("a linked GitHub identity signs in", () => {
	it("through the admission: tokens, auth.login {method: github, provider: github}, every call with Accept: application/json", async () => {
		const w = await githubWorld();
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		expect(await signInWithGithub(w, ALICE)).toMatchObject({ access_token: expect.any(String) });
		expect(await lastAudit(w, "auth.login")).toEqual({
			subjectId: user.id,
			details: { method: "github", provider: "github" },
		});
		const identity = (await w.db.select().from(userIdentities))[0];
		expect(identity).toMatchObject({ issuer: w.gh.url, subject: "4242", lastUsedAt: w.now() });
		// Portico's own calls (the browser's authorize is not one): JSON, and the API under /api/v3 (derived).
		const calls = w.gh.requests.filter((request) => request.path !== "/login/oauth/authorize");
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			"GET /api/v3/",
			"POST /login/oauth/access_token",
			"GET /api/v3/user",
			"GET /api/v3/user/emails",
		]);
		for (const call of calls) expect(call.accept).toMatch(/^application\/json/);
	});

	it("asks GitHub for read:user user:email read:org with PKCE S256, state and no nonce", async () => {
		const w = await githubWorld();
		const started = await startProviderSignIn(w.app.deps, "github", undefined, META);
		const url = new URL(started.authorizationUrl);
		expect(`${url.origin}${url.pathname}`).toBe(`${w.gh.url}/login/oauth/authorize`);
		expect(url.searchParams.get("scope")).toBe("read:user user:email read:org");
		expect(url.searchParams.get("code_challenge_method")).toBe("S256");
		expect(url.searchParams.get("state")).toEqual(expect.any(String));
		expect(url.searchParams.get("redirect_uri")).toBe(GITHUB_CALLBACK);
		expect(url.searchParams.has("nonce")).toBe(false);
	});

	it("the account's own rules after GitHub: inactive refused, two-factor asks its code", async () => {
		const w = await githubWorld();
		const inactive = await seedUser(w.app, { isActive: false });
		await linkGithub(w, inactive.id, 1);
		expect(await refusal(() => signInWithGithub(w, githubUser(1, "gone", "gone@company.com")))).toBe("INACTIVE_USER");
		const withCode = await enableTwoFactor(w.app, await seedUser(w.app), w.now);
		await linkGithub(w, withCode.id, 2);
		expect(await refusal(() => signInWithGithub(w, githubUser(2, "totp", "totp@company.com")))).toBe("MFA_REQUIRED");
	});

	it("is listed for the login screen as kind github", async () => {
		const w = await githubWorld();
		expect((await api(w.app, "GET", "/login/providers")).json()).toEqual({
			data: [{ id: "github", name: "GitHub", kind: "github" }],
			count: 1,
		});
	});

	it("over REST: start 302 to GitHub with the flow cookie, callback 302 to /login/sso with the hand-off", async () => {
		const w = await githubWorld();
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		w.gh.signInAs(ALICE);
		const start = await api(w.app, "GET", "/login/oidc/github?return_to=/settings");
		expect(start.statusCode).toBe(302);
		expect(String(start.headers.location).startsWith(`${w.gh.url}/login/oauth/authorize?`)).toBe(true);
		const cookie = [start.headers["set-cookie"] ?? []].flat().find((line) => line.startsWith("portico_oidc="));
		const binding = cookie?.slice("portico_oidc=".length, cookie.indexOf(";")) ?? "";
		const query = await throughProvider(String(start.headers.location), GITHUB_CALLBACK);
		const fragment = await callbackFragment(w.app, query, binding, "github");
		expect(fragment).toEqual({ handoff: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), return_to: "/settings" });
		const complete = await completeHandoff(w.app, fragment.handoff, binding);
		expect(complete.statusCode).toBe(200);
		expect(complete.json()).toMatchObject({ access_token: expect.any(String) });
	});
});

describe("refusals produced by GitHub's answers", () => {
	it("a bad code (GitHub's 200 {error: bad_verification_code}) is refused", async () => {
		const w = await githubWorld();
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		const { binding, query } = await atGithub(w, ALICE);
		query.set("code", "not-a-code-github-gave");
		expect(await refusal(() => finishProviderSignIn(w.app.deps, "github", query, binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
			during: "github",
			provider: "github",
			reason: "provider_answer",
		});
		expect(await lastAudit(w, "auth.login")).toBeUndefined();
	});

	it("a wrong client secret (GitHub's 200 {error: incorrect_client_credentials}) is refused", async () => {
		const gh = await githubStub();
		const test = await buildTestApp({ env: githubEnv({ ...gh, clientSecret: "not-the-app-secret" }) });
		const w = { ...test, gh };
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		expect(await refusal(() => signInWithGithub(w, ALICE))).toBe("PROVIDER_SIGN_IN_FAILED");
	});

	it("an unknown identity without sign-up is IDENTITY_NOT_LINKED", async () => {
		const w = await githubWorld();
		expect(await refusal(() => signInWithGithub(w, ALICE))).toBe("IDENTITY_NOT_LINKED");
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
			during: "github",
			provider: "github",
			reason: "not_linked",
		});
	});

	it("never links by e-mail, even a verified primary address that a verified, active account has", async () => {
		const w = await githubWorld();
		const owner = await seedUser(w.app, { email: "alice@company.com" });
		expect(await refusal(() => signInWithGithub(w, ALICE))).toBe("IDENTITY_NOT_LINKED");
		expect((await lastAudit(w, "auth.login_failed"))?.details).toMatchObject({ reason: "not_linked" });
		expect(await w.db.select().from(userIdentities)).toEqual([]);
		expect(await w.db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
	});
});

describe("GITHUB_ALLOWED_ORGS: membership checked at every sign-in", () => {
	it("a linked identity in none of the organisations is refused ORG_NOT_ALLOWED; one in an allowed one (any case) signs in", async () => {
		const w = await githubWorld({ GITHUB_ALLOWED_ORGS: "acme" });
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		for (const orgs of [[], ["other"], ["acme-labs"], ["acm"]]) {
			expect(await refusal(() => signInWithGithub(w, { ...ALICE, orgs }))).toBe("ORG_NOT_ALLOWED");
			expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
				during: "github",
				provider: "github",
				reason: "org_not_allowed",
			});
		}
		expect(await signInWithGithub(w, { ...ALICE, orgs: ["other", "ACME"] })).toMatchObject({
			access_token: expect.any(String),
		});
	});

	it("reads every page of the organisations", async () => {
		const w = await githubWorld({ GITHUB_ALLOWED_ORGS: "acme" });
		w.gh.orgPageSize = 2;
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		expect(await signInWithGithub(w, { ...ALICE, orgs: ["one", "two", "three", "four", "Acme"] })).toMatchObject({
			access_token: expect.any(String),
		});
		expect(w.gh.requests.filter((request) => request.path === "/api/v3/user/orgs")).toHaveLength(3);
	});

	it("over REST the refusal is the hand-off's 403 ORG_NOT_ALLOWED", async () => {
		const w = await githubWorld({ GITHUB_ALLOWED_ORGS: "acme" });
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		w.gh.signInAs({ ...ALICE, orgs: ["other"] });
		const start = await api(w.app, "GET", "/login/oidc/github");
		const cookie = [start.headers["set-cookie"] ?? []].flat().find((line) => line.startsWith("portico_oidc="));
		const binding = cookie?.slice("portico_oidc=".length, cookie.indexOf(";")) ?? "";
		const query = await throughProvider(String(start.headers.location), GITHUB_CALLBACK);
		const { handoff } = await callbackFragment(w.app, query, binding, "github");
		const complete = await completeHandoff(w.app, handoff, binding);
		expect(complete.statusCode).toBe(403);
		expect(complete.json()).toEqual({
			detail: "Your GitHub account is not a member of an organisation allowed to sign in here",
		});
	});
});

describe("the flow: bound to one browser, spent once", () => {
	it("a callback without the browser's binding cookie, or with another browser's, is refused", async () => {
		const w = await githubWorld();
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		const attacker = await atGithub(w, ALICE);
		expect(await refusal(() => finishProviderSignIn(w.app.deps, "github", attacker.query, undefined, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		const victim = await startProviderSignIn(w.app.deps, "github", undefined, META);
		const second = await atGithub(w, ALICE);
		expect(await refusal(() => finishProviderSignIn(w.app.deps, "github", second.query, victim.binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
			during: "github",
			provider: "github",
			reason: "flow",
		});
	});

	it("a callback replayed is refused: the flow row is spent by the first", async () => {
		const w = await githubWorld();
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		const { binding, query } = await atGithub(w, ALICE);
		const handoff = await finishProviderSignIn(w.app.deps, "github", query, binding, META);
		expect(await refusal(() => finishProviderSignIn(w.app.deps, "github", query, binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		expect(await completeProviderSignIn(w.app.deps, handoff.code, binding, META)).toMatchObject({
			access_token: expect.any(String),
		});
	});

	it("the hand-off: once, from the browser that started the flow (audited during github)", async () => {
		const w = await githubWorld();
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		const { binding, query } = await atGithub(w, ALICE);
		const handoff = await finishProviderSignIn(w.app.deps, "github", query, binding, META);
		expect(await refusal(() => completeProviderSignIn(w.app.deps, handoff.code, "another-browser", META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		expect(await lastAudit(w, "auth.login_failed")).toEqual({
			subjectId: user.id,
			details: { during: "github", reason: "handoff" },
		});
		expect(await refusal(() => completeProviderSignIn(w.app.deps, handoff.code, binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
	});

	it("swapped state: one flow's code with another flow's state fails GitHub's PKCE check", async () => {
		const w = await githubWorld();
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		const first = await atGithub(w, ALICE);
		const second = await atGithub(w, ALICE);
		const swapped = new URLSearchParams(first.query);
		swapped.set("state", second.query.get("state") ?? "");
		expect(await refusal(() => finishProviderSignIn(w.app.deps, "github", swapped, second.binding, META))).toBe(
			"PROVIDER_SIGN_IN_FAILED",
		);
		expect((await lastAudit(w, "auth.login_failed"))?.details).toMatchObject({ reason: "provider_answer" });
	});
});

describe("a GitHub that is down", () => {
	it("answers PROVIDER_UNAVAILABLE at the start, and works once it is back", async () => {
		const port = await freePort();
		const secret = "secret-of-the-test";
		const test = await buildTestApp({
			env: githubEnv({ url: `http://127.0.0.1:${port}`, clientId: "Iv1.portico", clientSecret: secret }),
		});
		expect(await refusal(() => startProviderSignIn(test.app.deps, "github", undefined, META))).toBe(
			"PROVIDER_UNAVAILABLE",
		);
		const down = await api(test.app, "GET", "/login/oidc/github");
		expect(down.statusCode).toBe(503);
		const gh = await githubStub(port, secret);
		const w = { ...test, gh };
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		expect(await signInWithGithub(w, ALICE)).toMatchObject({ access_token: expect.any(String) });
	});
});

describe("re-authentication through GitHub", () => {
	it("is refused before anything starts: GitHub cannot confirm a fresh sign-in (no max_age, no auth_time)", async () => {
		const w = await githubWorld();
		const user = await seedUser(w.app);
		await linkGithub(w, user.id, ALICE.id);
		const response = await api(w.app, "POST", "/login/reauthenticate/oidc/github", {
			headers: user.headers,
			body: {},
		});
		expect(response.statusCode).toBe(400);
		expect(response.json().detail).toBe(
			"GitHub cannot confirm a fresh sign-in: sign out, then sign in with GitHub again",
		);
		// No flow was written, and GitHub was never asked.
		expect(await w.db.select().from(oidcFlows)).toEqual([]);
		expect(w.gh.requests).toEqual([]);
	});
});
