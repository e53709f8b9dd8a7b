import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api } from "../../helpers/http.ts";
import { startOidcProvider, type TestOidcProvider } from "../../helpers/oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv } from "../../helpers/oidc-sign-in.ts";
import { mutate, query } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

/** Admin -> Sign-in providers: the configuration as it is (never a secret), and a Check that asks the provider now. */
const providers: TestOidcProvider[] = [];
afterEach(async () => {
	await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

async function world() {
	const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
	providers.push(op);
	const test = await buildTestApp({
		env: companyEnv(op, {
			NAME: "Company SSO",
			ALLOWED_DOMAINS: "company.com,company.org",
			SIGNUP: "true",
			TRUST_EMAIL: "true",
			SESSION_TTL: "8h",
		}),
	});
	return { ...test, op, admin: await seedAdmin(test.app) };
}

const check = (w: Awaited<ReturnType<typeof world>>, id = "company") =>
	api(w.app, "POST", `/admin/providers/${id}/check`, { headers: w.admin.headers });

describe("the admin's providers", () => {
	it("lists each provider with the callback URL to register, and no secret", async () => {
		const w = await world();
		const res = await api(w.app, "GET", "/admin/providers", { headers: w.admin.headers });
		expect(res.json()).toEqual({
			data: [
				{
					id: "company",
					name: "Company SSO",
					kind: "oidc",
					issuer: w.op.issuer,
					callback_url: COMPANY_CALLBACK,
					scopes: "openid email profile",
					allowed_domains: ["company.com", "company.org"],
					allowed_orgs: [],
					signup: true,
					enforce: false,
					trust_email: true,
					bypass_two_factor: false,
					session_ttl_seconds: 8 * 3600,
				},
			],
			count: 1,
		});
		expect(res.body).not.toContain(w.op.clientSecret);
		const twin = await query(w.app, "admin.providers", undefined, { headers: w.admin.headers });
		expect(twin.data).toEqual(res.json());
		expect(JSON.stringify(twin.data)).not.toContain(w.op.clientSecret);
	});

	it("is a superuser's only", async () => {
		const w = await world();
		const user = await seedUser(w.app);
		expect((await api(w.app, "GET", "/admin/providers", { headers: user.headers })).statusCode).toBe(403);
		expect((await api(w.app, "POST", "/admin/providers/company/check", { headers: user.headers })).statusCode).toBe(
			403,
		);
	});

	it("Check runs discovery now: ok with its time, or the failure in a line; an unknown id is a 404", async () => {
		const w = await world();
		const up = await check(w);
		expect(up.json()).toEqual({ ok: true, detail: null, took_ms: expect.any(Number) });
		await w.op.close();
		const down = (await check(w)).json() as { ok: boolean; detail: string };
		expect(down).toMatchObject({ ok: false, detail: expect.any(String) });
		expect(down.detail).not.toContain(w.op.clientSecret);
		expect((await check(w, "nope")).statusCode).toBe(404);
		const twin = await mutate(w.app, "admin.checkProvider", { id: "company" }, { headers: w.admin.headers });
		expect(twin.data).toMatchObject({ ok: false });
	});

	it("is never the sign-in's cached discovery, and never fills it", async () => {
		const w = await world();
		// A Check while the provider is up leaves nothing for the sign-in: it discovers afresh, and finds it down.
		expect((await check(w)).json()).toMatchObject({ ok: true });
		await w.op.close();
		expect((await api(w.app, "GET", "/login/oidc/company")).statusCode).toBe(503);

		const v = await world();
		// The sign-in discovered and keeps it; a Check after the provider went down still says it is down.
		expect((await api(v.app, "GET", "/login/oidc/company")).statusCode).toBe(302);
		await v.op.close();
		expect((await check(v)).json()).toMatchObject({ ok: false });
		expect((await api(v.app, "GET", "/login/oidc/company", { ip: "10.1.0.2" })).statusCode).toBe(302);
	});
});
