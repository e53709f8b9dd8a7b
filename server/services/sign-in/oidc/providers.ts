import type { Configuration } from "openid-client";
import type { Config } from "../../../config.ts";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { fail } from "../../../domain/errors.ts";
import { loadOpenIdClient } from "../../../lib/openid.ts";
import type { ServiceDeps } from "../../deps.ts";
import { githubConfiguration } from "./github.ts";
import { PROVIDER_TIMEOUT_MS, providerFetch } from "./provider-fetch.ts";

/** Discovered configurations per app (its Config) and provider; a failed discovery is not kept, so it is retried. */
const discovered = new WeakMap<Config, Map<string, Promise<Configuration>>>();

export function providerById(deps: ServiceDeps, id: string): OidcProviderConfig {
	return deps.config.oidcProviders.find((provider) => provider.id === id) ?? fail("PROVIDER_NOT_FOUND");
}

/** Where the provider sends the browser back: registered at the provider as the callback URL. */
export const callbackUrl = (deps: ServiceDeps, provider: OidcProviderConfig): string =>
	`${deps.config.publicUrl}/api/v1/login/oidc/${provider.id}/callback`;

/**
 * The provider's metadata and keys, discovered at its first use and kept: the server starts
 * while a provider is down, and its sign-in answers PROVIDER_UNAVAILABLE until discovery works.
 * `http://` issuers are accepted only on loopback addresses (server/config-oidc.ts).
 * GitHub has no discovery: its endpoints come from settings, once its API answers.
 */
export async function providerConfiguration(deps: ServiceDeps, provider: OidcProviderConfig): Promise<Configuration> {
	const cache = discovered.get(deps.config) ?? new Map<string, Promise<Configuration>>();
	discovered.set(deps.config, cache);
	let pending = cache.get(provider.id);
	if (!pending) {
		pending = provider.kind === "github" ? githubConfiguration(deps, provider) : discover(deps, provider);
		cache.set(provider.id, pending);
		pending.catch(() => cache.get(provider.id) === pending && cache.delete(provider.id));
	}
	return pending.catch((error: unknown) => {
		deps.log.warn({ provider: provider.id, err: error }, "provider discovery failed");
		return fail("PROVIDER_UNAVAILABLE");
	});
}

/**
 * Every call to the provider goes through providerFetch, whose timeout the deps' scheduler
 * drives. openid-client's own timer (a real one) stays only as a backstop for discovery,
 * where it cannot be turned off, and is off for the calls after it.
 */
export async function discover(deps: ServiceDeps, provider: OidcProviderConfig): Promise<Configuration> {
	const client = await loadOpenIdClient();
	const insecure = new URL(provider.issuer).protocol === "http:";
	const configuration = await client.discovery(
		new URL(provider.issuer),
		provider.clientId,
		undefined,
		provider.clientSecret === undefined ? client.None() : client.ClientSecretPost(provider.clientSecret),
		{
			[client.customFetch]: providerFetch(deps.scheduler),
			timeout: (2 * PROVIDER_TIMEOUT_MS) / 1000,
			// The id_token's signature is checked against the provider's keys too (openid-client
			// otherwise trusts the token endpoint's TLS answer for it, as OpenID Connect allows).
			execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
		},
	);
	configuration.timeout = 0;
	return configuration;
}

/** GET /login/providers: what the login screen offers (no issuer, no client id: nothing to configure from outside). */
export const listProviders = (deps: ServiceDeps) => {
	const data = deps.config.oidcProviders.map((provider) => ({
		id: provider.id,
		name: provider.name,
		kind: provider.kind,
	}));
	return { data, count: data.length };
};
