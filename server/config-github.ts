import { isLoopbackHost, type OidcProviderConfig } from "./config-oidc.ts";

/** What GitHub sign-in needs beyond a provider's common settings. */
export type GithubSettings = {
	/** The web origin: the browser signs in there, the code is exchanged there. */
	webUrl: string;
	/** The REST API the identity is read from (GitHub Enterprise: `${webUrl}/api/v3`). */
	apiUrl: string;
	/** Organisation logins, lower-case: membership in one of them is checked at every sign-in. */
	allowedOrgs: string[];
};

/** The provider id of GitHub: its routes' path segment and the identities' `provider`. */
export const GITHUB_ID = "github";
/** The profile (id, login, name), the e-mail addresses and the organisations. */
export const GITHUB_SCOPES = "read:user user:email read:org";
const GITHUB_COM = "https://github.com";
/** GitHub logins: letters, digits and single hyphens, at most 39 characters. */
const LOGIN = /^[a-z0-9](?:-?[a-z0-9]){0,38}$/;
const DEFAULT_SESSION_TTL_MS = 24 * 3_600_000;

/**
 * GitHub sign-in from `GITHUB_*` (docs/guides/configuration.md): off without
 * GITHUB_CLIENT_ID. GITHUB_URL and GITHUB_API_URL alone do not turn it on (GitHub
 * Actions sets GITHUB_API_URL in every job); the settings that only make sense with it
 * are refused without it. The list of what is wrong names each variable.
 */
export function readGithubProvider(env: Record<string, string | undefined>): OidcProviderConfig | undefined | string[] {
	const clientId = env.GITHUB_CLIENT_ID;
	if (clientId === undefined) {
		const stray = ["GITHUB_CLIENT_SECRET", "GITHUB_ALLOWED_ORGS", "GITHUB_SIGNUP"].filter((name) => env[name]);
		return stray.length === 0 ? undefined : stray.map((name) => `${name}: needs GITHUB_CLIENT_ID`);
	}
	const problems: string[] = [];
	const problem = (name: string, text: string) => problems.push(`GITHUB_${name}: ${text}`);
	const clientSecret = env.GITHUB_CLIENT_SECRET;
	if (!clientSecret) problem("CLIENT_SECRET", "is required (the OAuth app's client secret)");
	const webUrl = webAddress(env.GITHUB_URL ?? GITHUB_COM, (text) => problem("URL", text), true);
	const apiUrl = webAddress(env.GITHUB_API_URL ?? defaultApiUrl(webUrl), (text) => problem("API_URL", text), false);
	const allowedOrgs = (env.GITHUB_ALLOWED_ORGS ?? "")
		.split(",")
		.map((org) => org.trim().toLowerCase())
		.filter(Boolean);
	if (allowedOrgs.some((org) => !LOGIN.test(org)))
		problem("ALLOWED_ORGS", "must be organisation logins separated by commas, like my-company");
	const signupValue = env.GITHUB_SIGNUP;
	if (signupValue !== undefined && !["true", "false", "1", "0"].includes(signupValue))
		problem("SIGNUP", "must be true or false");
	const signup = signupValue === "true" || signupValue === "1";
	if (signup && allowedOrgs.length === 0)
		problem("SIGNUP", "needs ALLOWED_ORGS: a sign-up open to every GitHub user is an open sign-up");
	if (problems.length > 0) return problems;
	return {
		kind: "github",
		id: GITHUB_ID,
		// GitHub has no end-session endpoint: logging out ends Portico's session only.
		logout: "local",
		name: "GitHub",
		issuer: new URL(webUrl).origin,
		clientId,
		clientSecret,
		scopes: GITHUB_SCOPES,
		// GitHub never links by e-mail: organisations, not address domains, say who may come in.
		allowedDomains: [],
		signup,
		trustEmail: false,
		bypassTwoFactor: false,
		sessionTtlMs: DEFAULT_SESSION_TTL_MS,
		enforce: false,
		github: { webUrl, apiUrl, allowedOrgs },
	};
}

/** github.com's API is on its own host; GitHub Enterprise Server's under /api/v3. */
const defaultApiUrl = (webUrl: string): string =>
	webUrl === GITHUB_COM ? "https://api.github.com" : `${webUrl}/api/v3`;

/** An https:// address (http:// only on loopback, for tests), without its trailing slash; `originOnly`: no path either. */
function webAddress(value: string, bad: (text: string) => void, originOnly: boolean): string {
	const url = URL.canParse(value) ? new URL(value) : undefined;
	if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash || url.username) {
		bad("must be an https:// URL without query, fragment or credentials");
		return GITHUB_COM;
	}
	if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
		bad("must be https:// (http:// only on a loopback address, for tests)");
		return GITHUB_COM;
	}
	if (originOnly && url.pathname !== "/") {
		bad("must be the server's address without a path, like https://github.company.com");
		return GITHUB_COM;
	}
	return originOnly ? url.origin : url.href.replace(/\/+$/, "");
}
