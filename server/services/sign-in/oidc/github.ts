import type { Configuration } from "openid-client";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { loadOpenIdClient } from "../../../lib/openid.ts";
import type { ServiceDeps } from "../../deps.ts";
import { exchangeCode, type SpentFlow } from "./flow.ts";
import type { ProvenIdentity } from "./identity.ts";
import { providerFetch } from "./provider-fetch.ts";

/**
 * GitHub sign-in: OAuth 2 (no OpenID, no id_token) through the same library, its
 * endpoints from settings (GITHUB_URL, so GitHub Enterprise Server works too). The
 * identity is GitHub's numeric user id under the web origin; the e-mail comes only from
 * the verified primary address, and is never used to link (docs/guides/sign-in-providers.md).
 */
export type GithubProvider = Extract<OidcProviderConfig, { kind: "github" }>;

/** What GitHub says about the person: the identity, and whether one of the allowed organisations has them. */
export type GithubIdentity = ProvenIdentity & { inAllowedOrg: boolean };

/** At most this many pages of organisations (100 each) are read. */
const MAX_ORG_PAGES = 10;

/**
 * The client configuration for GitHub's endpoints, once its API answers at all (any status
 * under 500): as discovery does for an OpenID provider, a GitHub that is down makes the
 * start answer PROVIDER_UNAVAILABLE, and the next start asks again.
 */
export async function githubConfiguration(deps: ServiceDeps, provider: GithubProvider): Promise<Configuration> {
	const client = await loadOpenIdClient();
	const { webUrl, apiUrl } = provider.github;
	// Every call to GitHub through providerFetch: its timeout is the deps' scheduler's.
	const fetchWithTimeout = providerFetch(deps.scheduler);
	const probe = await fetchWithTimeout(`${apiUrl}/`, {
		method: "GET",
		body: undefined,
		headers: { accept: "application/json" },
		redirect: "manual",
	});
	if (probe.status >= 500) throw new Error(`GitHub's API answered ${probe.status}`);
	const configuration = new client.Configuration(
		{
			issuer: provider.issuer,
			authorization_endpoint: `${webUrl}/login/oauth/authorize`,
			token_endpoint: `${webUrl}/login/oauth/access_token`,
		},
		provider.clientId,
		undefined,
		client.ClientSecretPost(provider.clientSecret ?? ""),
	);
	configuration[client.customFetch] = fetchWithTimeout;
	configuration.timeout = 0;
	if (new URL(webUrl).protocol === "http:" || new URL(apiUrl).protocol === "http:")
		client.allowInsecureRequests(configuration);
	return configuration;
}

/**
 * The callback's answer exchanged (state and PKCE verifier checked; a bad code is GitHub's
 * `200 {"error": ...}`, which has no access token and is refused), then the user, their
 * addresses and (with GITHUB_ALLOWED_ORGS) their organisations read with that token.
 */
export async function provenGithubIdentity(
	deps: ServiceDeps,
	provider: GithubProvider,
	configuration: Configuration,
	flow: SpentFlow,
	query: URLSearchParams,
): Promise<GithubIdentity> {
	const client = await loadOpenIdClient();
	const tokens = await exchangeCode(deps, provider, configuration, flow, query);
	const read = async (url: string) => {
		const response = await client.fetchProtectedResource(
			configuration,
			tokens.access_token,
			new URL(url),
			"GET",
			undefined,
			new Headers({ accept: "application/json" }),
		);
		if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${new URL(url).pathname}`);
		return { body: (await response.json()) as unknown, next: nextPage(response.headers.get("link"), provider) };
	};
	const { apiUrl, allowedOrgs } = provider.github;
	const user = (await read(`${apiUrl}/user`)).body as { id?: unknown; login?: unknown; name?: unknown };
	if (typeof user.id !== "number" || !Number.isSafeInteger(user.id)) throw new Error("GitHub's user has no id");
	const emails = (await read(`${apiUrl}/user/emails`)).body;
	const primary = Array.isArray(emails)
		? (emails as { email?: unknown; primary?: unknown; verified?: unknown }[]).find(
				(one) => one.primary === true && one.verified === true && typeof one.email === "string",
			)
		: undefined;
	const name = typeof user.name === "string" && user.name.trim() ? user.name : user.login;
	return {
		issuer: provider.issuer,
		subject: String(user.id),
		email: typeof primary?.email === "string" && primary.email.length <= 255 ? primary.email : undefined,
		emailVerified: primary ? true : undefined,
		name: typeof name === "string" ? name : undefined,
		inAllowedOrg: allowedOrgs.length === 0 || (await inOneOf(allowedOrgs, `${apiUrl}/user/orgs?per_page=100`, read)),
	};
}

/** Whether one of the user's organisations (every page of them) is allowed: logins compared exactly, case aside. */
async function inOneOf(
	allowedOrgs: string[],
	firstPage: string,
	read: (url: string) => Promise<{ body: unknown; next: string | undefined }>,
): Promise<boolean> {
	let page: string | undefined = firstPage;
	for (let pages = 0; page && pages < MAX_ORG_PAGES; pages++) {
		const { body, next } = await read(page);
		if (!Array.isArray(body)) throw new Error("GitHub's organisations are not a list");
		const logins = body.map((org: { login?: unknown }) =>
			typeof org.login === "string" ? org.login.toLowerCase() : "",
		);
		if (logins.some((login) => allowedOrgs.includes(login))) return true;
		page = next;
	}
	return false;
}

/** The `Link` header's next page, when it is on GitHub's API (the token goes nowhere else). */
function nextPage(link: string | null, provider: GithubProvider): string | undefined {
	const next = /<([^>]+)>;\s*rel="next"/.exec(link ?? "")?.[1];
	return next?.startsWith(`${provider.github.apiUrl}/`) ? next : undefined;
}
