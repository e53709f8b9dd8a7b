import { performance } from "node:perf_hooks";
import type { AdminProvider, AdminProviderList, ProviderCheck } from "../../../../shared/schemas/identities.ts";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import type { ServiceDeps } from "../../deps.ts";
import { providerLabel } from "../../identities/methods.ts";
import { callbackUrl, discover, providerById } from "./providers.ts";

/** A list setting a provider kind may add (GitHub's organisations); none otherwise. */
const listOf = (provider: OidcProviderConfig, key: string): string[] => {
	const value = (provider as Record<string, unknown>)[key];
	return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
};

/** A failed discovery in one line: its message and its cause's (a refused connection, a timeout). */
function whatFailed(error: unknown): string {
	if (!(error instanceof Error)) return String(error).slice(0, 500);
	const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
	return `${error.message}${cause}`.slice(0, 500);
}

/** One configured provider as Admin -> Sign-in providers shows it: never its client id's secret. */
function toAdminProvider(deps: ServiceDeps, provider: OidcProviderConfig): AdminProvider {
	return {
		id: provider.id,
		name: provider.name,
		kind: providerLabel(deps, provider.id).kind,
		issuer: provider.issuer,
		callback_url: callbackUrl(deps, provider),
		scopes: provider.scopes,
		allowed_domains: [...provider.allowedDomains],
		allowed_orgs: listOf(provider, "allowedOrgs"),
		signup: provider.signup,
		enforce: provider.enforce,
		trust_email: provider.trustEmail,
		bypass_two_factor: provider.bypassTwoFactor,
		session_ttl_seconds: Math.floor(provider.sessionTtlMs / 1000),
	};
}

/** GET /admin/providers (superuser): the providers of OIDC_PROVIDERS, read-only. */
export function listAdminProviders(deps: ServiceDeps): AdminProviderList {
	const data = deps.config.oidcProviders.map((provider) => toAdminProvider(deps, provider));
	return { data, count: data.length };
}

/**
 * POST /admin/providers/{id}/check (superuser): runs the provider's discovery afresh (its
 * metadata and keys' address), within the provider timeout, and says whether it answered
 * and how long it took. Never the sign-in's cached discovery, and never cached for it: a
 * Check shows the provider as it is now. The detail is the error's message (no secret:
 * the discovery sends none). A GitHub provider has no discovery: its kind checks that its
 * configured endpoints answer instead (the place for it is here, by kind).
 */
export async function checkProvider(deps: ServiceDeps, providerId: string): Promise<ProviderCheck> {
	const provider = providerById(deps, providerId);
	const started = performance.now();
	const outcome = await discover(provider).then(
		() => null,
		(error: unknown) => whatFailed(error),
	);
	return { ok: outcome === null, detail: outcome, took_ms: Math.round(performance.now() - started) };
}
