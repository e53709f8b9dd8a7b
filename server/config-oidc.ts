import { isIP } from "node:net";
import type { GithubSettings } from "./config-github.ts";

/**
 * A provider people may sign in with. OpenID Connect ones come from the environment:
 * `OIDC_PROVIDERS=company,...` and per id `OIDC_<ID>_*` (docs/guides/configuration.md);
 * GitHub (plain OAuth 2, no id_token) from `GITHUB_*` (server/config-github.ts), in the
 * same shape so that every rule reads one list. Read by server/config.ts; a bad value
 * names its variable.
 */
export type OidcProviderConfig = ProviderSettings & ({ kind: "oidc" } | { kind: "github"; github: GithubSettings });

/** How a provider proves an identity: OpenID Connect, or GitHub's OAuth 2 and API. */
export type ProviderKind = OidcProviderConfig["kind"];

type ProviderSettings = {
	/** Lower-case; also the callback's path segment. */
	id: string;
	name: string;
	/** Compared exactly with the id_token's `iss` (GitHub: its web origin, the identities' issuer). */
	issuer: string;
	clientId: string;
	clientSecret: string | undefined;
	scopes: string;
	/** E-mail domains (exact, lower-case) whose verified addresses may link or sign up. */
	allowedDomains: string[];
	signup: boolean;
	/** An absent `email_verified` counts as true (an admin's choice for a provider that omits it). */
	trustEmail: boolean;
	/** The provider's sign-in stands for the second factor too. */
	bypassTwoFactor: boolean;
	/** Sessions made through this provider last at most this long (leavers). */
	sessionTtlMs: number;
	/** Password sign-in and recovery refused for the allowed domains, superusers excepted. */
	enforce: boolean;
	/** `provider`: logging out of a session made through it also ends the provider's (its end_session_endpoint). */
	logout: "local" | "provider";
};

const ID = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const DURATION = /^(\d+)(ms|s|m|h|d)?$/;
const UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Entra's multi-tenant issuers: any tenant's users would sign in (nOAuth). */
const ENTRA_SHARED_TENANTS = new Set(["common", "organizations", "consumers"]);

const DEFAULT_SCOPES = "openid email profile";
const DEFAULT_SESSION_TTL_MS = 24 * 3_600_000;

export const isLoopbackHost = (hostname: string): boolean => {
	const host = hostname.replace(/^\[|\]$/g, "");
	if (host === "localhost" || host.endsWith(".localhost")) return true;
	if (isIP(host) === 4) return host.startsWith("127.");
	return host === "::1";
};

/** The providers, or the list of what is wrong, each line naming its variable. */
export function readOidcProviders(env: Record<string, string | undefined>): OidcProviderConfig[] | string[] {
	const list = env.OIDC_PROVIDERS;
	if (list === undefined) return [];
	const ids = list.split(",").map((id) => id.trim());
	const problems: string[] = [];
	if (ids.some((id) => !ID.test(id)))
		return ["OIDC_PROVIDERS: must be provider ids separated by commas (a-z, 0-9 and -, at most 32 characters)"];
	if (new Set(ids).size !== ids.length) return ["OIDC_PROVIDERS: names a provider twice"];
	if (ids.includes("github"))
		return ["OIDC_PROVIDERS: github is the id of GitHub sign-in (GITHUB_CLIENT_ID): give this provider another id"];
	const providers = ids.map((id) => readProvider(id, env, problems));
	return problems.length > 0 ? problems : providers;
}

function readProvider(id: string, env: Record<string, string | undefined>, problems: string[]): OidcProviderConfig {
	const prefix = `OIDC_${id.toUpperCase().replaceAll("-", "_")}_`;
	const get = (name: string) => env[prefix + name];
	const problem = (name: string, text: string) => problems.push(`${prefix}${name}: ${text}`);
	const flag = (name: string): boolean => {
		const value = get(name);
		if (value === undefined) return false;
		if (!["true", "false", "1", "0"].includes(value)) problem(name, "must be true or false");
		return value === "true" || value === "1";
	};
	const issuer = get("ISSUER") ?? "";
	if (!issuer) problem("ISSUER", "is required");
	else {
		const url = URL.canParse(issuer) ? new URL(issuer) : undefined;
		if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash || url.username)
			problem("ISSUER", "must be an https:// URL without query, fragment or credentials");
		else if (url.protocol === "http:" && !isLoopbackHost(url.hostname))
			problem("ISSUER", "must be https:// (http:// only on a loopback address, for tests)");
		else if (url.hostname === "login.microsoftonline.com" && ENTRA_SHARED_TENANTS.has(url.pathname.split("/")[1] ?? ""))
			problem("ISSUER", "must name your Entra tenant: common, organizations and consumers let any tenant sign in");
	}
	const clientId = get("CLIENT_ID") ?? "";
	if (!clientId) problem("CLIENT_ID", "is required");
	const scopes = get("SCOPES") ?? DEFAULT_SCOPES;
	if (!scopes.split(" ").includes("openid")) problem("SCOPES", "must include openid");
	const allowedDomains = (get("ALLOWED_DOMAINS") ?? "")
		.split(",")
		.map((domain) => domain.trim().toLowerCase())
		.filter(Boolean);
	if (allowedDomains.some((domain) => !DOMAIN.test(domain)))
		problem("ALLOWED_DOMAINS", "must be domain names separated by commas, like company.com");
	const signup = flag("SIGNUP");
	if (signup && allowedDomains.length === 0)
		problem("SIGNUP", "needs ALLOWED_DOMAINS: a sign-up open to any address of the provider is an open sign-up");
	const enforce = flag("ENFORCE");
	if (enforce && allowedDomains.length === 0) problem("ENFORCE", "needs ALLOWED_DOMAINS: the domains it applies to");
	return {
		kind: "oidc",
		id,
		name: get("NAME") ?? id,
		issuer,
		clientId,
		clientSecret: get("CLIENT_SECRET"),
		scopes,
		allowedDomains,
		signup,
		trustEmail: flag("TRUST_EMAIL"),
		bypassTwoFactor: flag("BYPASS_TWO_FACTOR"),
		sessionTtlMs: sessionTtl(get("SESSION_TTL"), () => problem("SESSION_TTL", "must be a duration like 8h or 1d")),
		enforce,
		logout: logoutMode(get("LOGOUT"), () => problem("LOGOUT", "must be local or provider")),
	};
}

function logoutMode(value: string | undefined, bad: () => void): "local" | "provider" {
	if (value !== undefined && value !== "local" && value !== "provider") bad();
	return value === "provider" ? "provider" : "local";
}

function sessionTtl(value: string | undefined, bad: () => void): number {
	if (value === undefined) return DEFAULT_SESSION_TTL_MS;
	const [, amount, unit = "s"] = DURATION.exec(value) ?? [];
	const ms = Number(amount) * UNITS[unit as keyof typeof UNITS];
	if (!amount || !(ms > 0)) bad();
	return ms;
}
