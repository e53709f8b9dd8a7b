import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { userIdentities } from "../../../server/db/schema.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { freePort } from "../../helpers/free-port.ts";
import { api } from "../../helpers/http.ts";
import { callbackFragment, completeHandoff } from "../../helpers/oidc-link.ts";
import { startOidcProvider, type TestOidcProvider } from "../../helpers/oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv, throughProvider } from "../../helpers/oidc-sign-in.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * The REST side of a provider sign-in, with a real provider: the start route's 302 and
 * HttpOnly flow cookie, the callback's 302 to /login/sso with the hand-off code in the
 * fragment only, and the hand-off posted from the same browser.
 */
const providers: TestOidcProvider[] = [];
afterEach(async () => {
	await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

async function world(): Promise<TestApp & { op: TestOidcProvider }> {
	const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
	providers.push(op);
	const test = await buildTestApp({
		env: { ...companyEnv(op, { ALLOWED_DOMAINS: "company.com" }), OIDC_COMPANY_NAME: "Company SSO" },
	});
	return { ...test, op };
}

const cookieOf = (setCookie: string | string[] | undefined, name: string) => {
	const line = [setCookie ?? []].flat().find((one) => one.startsWith(`${name}=`));
	return line ? { value: line.slice(name.length + 1, line.indexOf(";")), attributes: line } : undefined;
};

/** The app with one provider whose issuer answers nothing (a free loopback port). */
async function withProviderDown() {
	const port = await freePort();
	return buildTestApp({
		env: {
			OIDC_PROVIDERS: "company",
			OIDC_COMPANY_ISSUER: `http://127.0.0.1:${port}`,
			OIDC_COMPANY_CLIENT_ID: "portico",
		},
	});
}

describe("sign-in through a provider over REST", () => {
	it("lists the providers for the login screen, nothing of their configuration", async () => {
		const w = await world();
		const res = await api(w.app, "GET", "/login/providers");
		expect(res.json()).toEqual({ data: [{ id: "company", name: "Company SSO", kind: "oidc" }], count: 1 });
	});

	it("start, provider, callback, hand-off: tokens never in a URL", async () => {
		const w = await world();
		const user = await seedUser(w.app);
		await w.db.insert(userIdentities).values({
			id: randomUUID(),
			userId: user.id,
			provider: "company",
			issuer: w.op.issuer,
			subject: "alice-sub",
			emailAtLink: null,
			createdAt: w.now(),
			lastUsedAt: null,
		});
		w.op.signInAs("alice-sub");
		const start = await api(w.app, "GET", "/login/oidc/company?return_to=/settings");
		expect(start.statusCode).toBe(302);
		const flow = cookieOf(start.headers["set-cookie"], "portico_oidc");
		expect(flow?.attributes).toMatch(/HttpOnly/);
		expect(flow?.attributes).toMatch(/SameSite=Lax/);
		expect(flow?.attributes).toMatch(/Path=\/api\/v1\/login\/oidc/);
		const query = await throughProvider(String(start.headers.location));

		const callback = await w.app.inject({
			method: "GET",
			url: `/api/v1/login/oidc/company/callback?${query}`,
			cookies: { portico_oidc: flow?.value ?? "" },
		});
		expect(callback.statusCode).toBe(302);
		const location = String(callback.headers.location);
		expect(location).toMatch(/^\/login\/sso#handoff=[A-Za-z0-9_-]{43}&return_to=%2Fsettings$/);
		const handoff = new URLSearchParams(location.split("#")[1]).get("handoff") ?? "";

		const withoutCookie = await api(w.app, "POST", "/login/oidc/complete", { body: { handoff } });
		expect(withoutCookie.statusCode).toBe(400);
		expect(withoutCookie.json()).toEqual({
			detail: "The sign-in with your provider did not complete, please try again",
		});
	});

	it("the hand-off from the browser that started the flow gives the token pair, once", async () => {
		const w = await world();
		const user = await seedUser(w.app);
		await w.db.insert(userIdentities).values({
			id: randomUUID(),
			userId: user.id,
			provider: "company",
			issuer: w.op.issuer,
			subject: "alice-sub",
			emailAtLink: null,
			createdAt: w.now(),
			lastUsedAt: null,
		});
		w.op.signInAs("alice-sub");
		const start = await api(w.app, "GET", "/login/oidc/company");
		const binding = cookieOf(start.headers["set-cookie"], "portico_oidc")?.value ?? "";
		const query = await throughProvider(String(start.headers.location));
		const { handoff } = await callbackFragment(w.app, query, binding);
		const complete = () => completeHandoff(w.app, handoff, binding);
		const done = await complete();
		expect(done.statusCode).toBe(200);
		expect(done.json()).toMatchObject({ token_type: "bearer", access_token: expect.any(String) });
		expect(done.headers["cache-control"]).toBe("no-store");
		expect((await complete()).statusCode).toBe(400);
	});

	it("a callback without the flow cookie lands on /login/sso with the refusal, not a session", async () => {
		const w = await world();
		w.op.signInAs("alice-sub");
		const start = await api(w.app, "GET", "/login/oidc/company");
		const query = await throughProvider(String(start.headers.location));
		const callback = await api(w.app, "GET", `/login/oidc/company/callback?${query}`);
		expect(callback.statusCode).toBe(302);
		expect(callback.headers.location).toBe("/login/sso#error=PROVIDER_SIGN_IN_FAILED");
	});

	it("a provider that is down: its button answers 503, an unknown one 404, and the server keeps serving", async () => {
		const test = await withProviderDown();
		const down = await api(test.app, "GET", "/login/oidc/company");
		expect(down.statusCode).toBe(503);
		expect(down.json()).toEqual({ detail: "The sign-in provider cannot be reached, please try again later" });
		expect((await api(test.app, "GET", "/login/oidc/nope")).statusCode).toBe(404);
		expect((await api(test.app, "GET", "/login/providers")).statusCode).toBe(200);
	});

	it("a browser's click on the button of a provider that is down lands on /login/sso with the refusal, not a JSON page", async () => {
		const test = await withProviderDown();
		const navigate = { "sec-fetch-mode": "navigate", accept: "text/html" };
		const down = await api(test.app, "GET", "/login/oidc/company?return_to=%2Fsettings", { headers: navigate });
		expect(down.statusCode).toBe(302);
		expect(down.headers.location).toBe("/login/sso#error=PROVIDER_UNAVAILABLE");
		expect(down.headers["set-cookie"]).toBeUndefined();
		const unknown = await api(test.app, "GET", "/login/oidc/nope", { headers: navigate });
		expect(unknown.headers.location).toBe("/login/sso#error=PROVIDER_NOT_FOUND");
	});
});

describe("an identity no account takes", () => {
	it("is answered 403 to the hand-off, from the browser that started the flow: no URL says whether an account exists", async () => {
		const w = await world();
		w.op.signInAs("stranger-sub", { email: "stranger@company.com", email_verified: true });
		const start = await api(w.app, "GET", "/login/oidc/company");
		const binding = cookieOf(start.headers["set-cookie"], "portico_oidc")?.value ?? "";
		const query = await throughProvider(String(start.headers.location));
		const { handoff } = await callbackFragment(w.app, query, binding);
		expect(handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
		const complete = await completeHandoff(w.app, handoff, binding);
		expect(complete.statusCode).toBe(403);
		expect(complete.json()).toEqual({
			detail: "No account is linked to this sign-in: sign in another way, then link it in Settings",
		});
	});
});
