import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config.ts";
import { configProblems } from "../../helpers/config.ts";

const COMPANY = {
	OIDC_PROVIDERS: "company",
	OIDC_COMPANY_ISSUER: "https://sso.company.com/realms/main",
	OIDC_COMPANY_CLIENT_ID: "portico",
};

describe("OpenID Connect providers in the environment", () => {
	it("none by default; one with its defaults (no sign-up, no trust, no bypass, 24 h sessions)", () => {
		expect(loadConfig({}).oidcProviders).toEqual([]);
		expect(loadConfig(COMPANY).oidcProviders).toEqual([
			{
				kind: "oidc",
				id: "company",
				name: "company",
				issuer: "https://sso.company.com/realms/main",
				clientId: "portico",
				clientSecret: undefined,
				scopes: "openid email profile",
				allowedDomains: [],
				signup: false,
				trustEmail: false,
				bypassTwoFactor: false,
				sessionTtlMs: 24 * 3_600_000,
				enforce: false,
				logout: "local",
			},
		]);
	});

	it("reads each id's variables (a - in the id is _ in the names), domains lower-cased", () => {
		const [provider] = loadConfig({
			OIDC_PROVIDERS: "team-sso",
			OIDC_TEAM_SSO_ISSUER: "https://id.example.org",
			OIDC_TEAM_SSO_CLIENT_ID: "c",
			OIDC_TEAM_SSO_CLIENT_SECRET: "s",
			OIDC_TEAM_SSO_NAME: "Team SSO",
			OIDC_TEAM_SSO_ALLOWED_DOMAINS: "Example.org, example.com",
			OIDC_TEAM_SSO_SIGNUP: "true",
			OIDC_TEAM_SSO_BYPASS_TWO_FACTOR: "1",
			OIDC_TEAM_SSO_SESSION_TTL: "8h",
			OIDC_TEAM_SSO_LOGOUT: "provider",
		}).oidcProviders;
		expect(provider).toMatchObject({
			id: "team-sso",
			name: "Team SSO",
			clientSecret: "s",
			allowedDomains: ["example.org", "example.com"],
			signup: true,
			bypassTwoFactor: true,
			sessionTtlMs: 8 * 3_600_000,
			logout: "provider",
		});
	});

	it("http:// issuers only on loopback addresses; never a shared Entra tenant", () => {
		for (const issuer of ["http://127.0.0.1:4000", "http://localhost:4000/realms/x", "http://[::1]:4000"])
			expect(loadConfig({ ...COMPANY, OIDC_COMPANY_ISSUER: issuer }).oidcProviders[0]?.issuer).toBe(issuer);
		expect(configProblems({ ...COMPANY, OIDC_COMPANY_ISSUER: "http://sso.company.com" })).toEqual([
			"OIDC_COMPANY_ISSUER: must be https:// (http:// only on a loopback address, for tests)",
		]);
		expect(configProblems({ ...COMPANY, OIDC_COMPANY_ISSUER: "http://127.0.0.1.evil.io" })).toHaveLength(1);
		for (const tenant of ["common", "organizations", "consumers"])
			expect(
				configProblems({ ...COMPANY, OIDC_COMPANY_ISSUER: `https://login.microsoftonline.com/${tenant}/v2.0` }),
			).toEqual([
				"OIDC_COMPANY_ISSUER: must name your Entra tenant: common, organizations and consumers let any tenant sign in",
			]);
		const tenant = "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0";
		expect(loadConfig({ ...COMPANY, OIDC_COMPANY_ISSUER: tenant }).oidcProviders[0]?.issuer).toBe(tenant);
	});

	it("names each bad variable", () => {
		expect(configProblems({ OIDC_PROVIDERS: "Company!" })).toEqual([
			"OIDC_PROVIDERS: must be provider ids separated by commas (a-z, 0-9 and -, at most 32 characters)",
		]);
		expect(configProblems({ OIDC_PROVIDERS: "a,a" })).toEqual(["OIDC_PROVIDERS: names a provider twice"]);
		expect(configProblems({ OIDC_PROVIDERS: "company,github" })).toEqual([
			"OIDC_PROVIDERS: github is the id of GitHub sign-in (GITHUB_CLIENT_ID): give this provider another id",
		]);
		expect(configProblems({ OIDC_PROVIDERS: "company" })).toEqual([
			"OIDC_COMPANY_ISSUER: is required",
			"OIDC_COMPANY_CLIENT_ID: is required",
		]);
		expect(
			configProblems({
				...COMPANY,
				OIDC_COMPANY_ISSUER: "ftp://sso.company.com",
				OIDC_COMPANY_SCOPES: "email profile",
				OIDC_COMPANY_ALLOWED_DOMAINS: "company.com,*.evil",
				OIDC_COMPANY_TRUST_EMAIL: "yes",
				OIDC_COMPANY_SESSION_TTL: "0",
				OIDC_COMPANY_LOGOUT: "everywhere",
			}),
		).toEqual([
			"OIDC_COMPANY_ISSUER: must be an https:// URL without query, fragment or credentials",
			"OIDC_COMPANY_SCOPES: must include openid",
			"OIDC_COMPANY_ALLOWED_DOMAINS: must be domain names separated by commas, like company.com",
			"OIDC_COMPANY_TRUST_EMAIL: must be true or false",
			"OIDC_COMPANY_SESSION_TTL: must be a duration like 8h or 1d",
			"OIDC_COMPANY_LOGOUT: must be local or provider",
		]);
	});

	it("sign-up and enforcement need allowed domains (a sign-up open to any address is an open sign-up)", () => {
		expect(configProblems({ ...COMPANY, OIDC_COMPANY_SIGNUP: "true", OIDC_COMPANY_ENFORCE: "true" })).toEqual([
			"OIDC_COMPANY_SIGNUP: needs ALLOWED_DOMAINS: a sign-up open to any address of the provider is an open sign-up",
			"OIDC_COMPANY_ENFORCE: needs ALLOWED_DOMAINS: the domains it applies to",
		]);
	});
});
