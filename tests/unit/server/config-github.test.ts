import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config.ts";
import { configProblems } from "../../helpers/config.ts";

const GITHUB = {
	GITHUB_CLIENT_ID: "Iv1.0123456789abcdef",
	GITHUB_CLIENT_SECRET: "0123456789abcdef0123456789abcdef01234567",
};

const github = (env: Record<string, string>) => loadConfig(env).oidcProviders.find((one) => one.id === "github");

describe("GitHub sign-in in the environment", () => {
	it("off without GITHUB_CLIENT_ID; github.com with its defaults (no orgs, no sign-up)", () => {
		expect(loadConfig({}).oidcProviders).toEqual([]);
		expect(github(GITHUB)).toEqual({
			kind: "github",
			id: "github",
			name: "GitHub",
			issuer: "https://github.com",
			clientId: GITHUB.GITHUB_CLIENT_ID,
			clientSecret: GITHUB.GITHUB_CLIENT_SECRET,
			scopes: "read:user user:email read:org",
			allowedDomains: [],
			signup: false,
			trustEmail: false,
			bypassTwoFactor: false,
			sessionTtlMs: 24 * 3_600_000,
			enforce: false,
			logout: "local",
			github: { webUrl: "https://github.com", apiUrl: "https://api.github.com", allowedOrgs: [] },
		});
	});

	it("after the OpenID providers, whose ids may not be github", () => {
		const config = loadConfig({
			...GITHUB,
			OIDC_PROVIDERS: "company",
			OIDC_COMPANY_ISSUER: "https://sso.company.com",
			OIDC_COMPANY_CLIENT_ID: "portico",
		});
		expect(config.oidcProviders.map((one) => `${one.kind}:${one.id}`)).toEqual(["oidc:company", "github:github"]);
	});

	it("GitHub Enterprise Server: the API under /api/v3 of GITHUB_URL unless GITHUB_API_URL says otherwise", () => {
		expect(github({ ...GITHUB, GITHUB_URL: "https://github.company.com/" })).toMatchObject({
			issuer: "https://github.company.com",
			github: { webUrl: "https://github.company.com", apiUrl: "https://github.company.com/api/v3" },
		});
		expect(
			github({
				...GITHUB,
				GITHUB_URL: "https://github.company.com",
				GITHUB_API_URL: "https://api.github.company.com/",
			}),
		).toMatchObject({ github: { apiUrl: "https://api.github.company.com" } });
		expect(github({ ...GITHUB, GITHUB_URL: "http://127.0.0.1:4000" })).toMatchObject({
			issuer: "http://127.0.0.1:4000",
			github: { apiUrl: "http://127.0.0.1:4000/api/v3" },
		});
	});

	it("organisations lower-cased; sign-up with them", () => {
		expect(github({ ...GITHUB, GITHUB_ALLOWED_ORGS: "Acme, acme-labs", GITHUB_SIGNUP: "true" })).toMatchObject({
			signup: true,
			github: { allowedOrgs: ["acme", "acme-labs"] },
		});
	});

	it("names each bad variable", () => {
		expect(configProblems({ GITHUB_CLIENT_ID: "Iv1.x" })).toEqual([
			"GITHUB_CLIENT_SECRET: is required (the OAuth app's client secret)",
		]);
		expect(
			configProblems({
				...GITHUB,
				GITHUB_URL: "http://github.company.com",
				GITHUB_API_URL: "ftp://github.company.com",
				GITHUB_ALLOWED_ORGS: "acme,-bad-,x_y",
				GITHUB_SIGNUP: "yes",
			}),
		).toEqual([
			"GITHUB_URL: must be https:// (http:// only on a loopback address, for tests)",
			"GITHUB_API_URL: must be an https:// URL without query, fragment or credentials",
			"GITHUB_ALLOWED_ORGS: must be organisation logins separated by commas, like my-company",
			"GITHUB_SIGNUP: must be true or false",
		]);
		expect(configProblems({ ...GITHUB, GITHUB_URL: "https://github.company.com/github" })).toEqual([
			"GITHUB_URL: must be the server's address without a path, like https://github.company.com",
		]);
		expect(configProblems({ ...GITHUB, GITHUB_URL: "https://user:pw@github.company.com" })).toHaveLength(1);
		expect(configProblems({ ...GITHUB, GITHUB_CLIENT_ID: "x".repeat(256) })).toEqual([
			"GITHUB_CLIENT_ID: Too big: expected string to have <=255 characters",
		]);
	});

	it("sign-up needs allowed organisations (a sign-up open to every GitHub user is an open sign-up)", () => {
		expect(configProblems({ ...GITHUB, GITHUB_SIGNUP: "true" })).toEqual([
			"GITHUB_SIGNUP: needs ALLOWED_ORGS: a sign-up open to every GitHub user is an open sign-up",
		]);
	});

	it("the settings that need GITHUB_CLIENT_ID are refused without it; GITHUB_URL and GITHUB_API_URL are ignored (GitHub Actions sets the latter)", () => {
		expect(configProblems({ GITHUB_CLIENT_SECRET: "s", GITHUB_ALLOWED_ORGS: "acme", GITHUB_SIGNUP: "true" })).toEqual([
			"GITHUB_CLIENT_SECRET: needs GITHUB_CLIENT_ID",
			"GITHUB_ALLOWED_ORGS: needs GITHUB_CLIENT_ID",
			"GITHUB_SIGNUP: needs GITHUB_CLIENT_ID",
		]);
		expect(
			loadConfig({ GITHUB_URL: "https://github.com", GITHUB_API_URL: "https://api.github.com" }).oidcProviders,
		).toEqual([]);
	});
});
