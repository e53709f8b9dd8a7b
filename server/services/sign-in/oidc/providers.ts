import type { Configuration } from "openid-client";
import type { Config } from "../../../config.ts";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { fail } from "../../../domain/errors.ts";
import { loadOpenIdClient } from "../../../lib/openid.ts";
import type { ServiceDeps } from "../../deps.ts";

/** Every call to a provider (discovery, keys, token, userinfo) gives up after this long. */
export const PROVIDER_TIMEOUT_S = 5;

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
 */
export async function providerConfiguration(deps: ServiceDeps, provider: OidcProviderConfig): Promise<Configuration> {
	const cache = discovered.get(deps.config) ?? new Map<string, Promise<Configuration>>();
	discovered.set(deps.config, cache);
	let pending = cache.get(provider.id);
	if (!pending) {
		pending = discover(provider);
		cache.set(provider.id, pending);
		pending.catch(() => cache.get(provider.id) === pending && cache.delete(provider.id));
	}
	return pending.catch((error: unknown) => {
		deps.log.warn({ provider: provider.id, err: error }, "provider discovery failed");
		return fail("PROVIDER_UNAVAILABLE");
	});
}

/** Discovery afresh, within the provider timeout (the admin's Check calls it directly: never the cached one). */
export async function discover(provider: OidcProviderConfig): Promise<Configuration> {
	const client = await loadOpenIdClient();
	const insecure = new URL(provider.issuer).protocol === "http:";
	const configuration = await client.discovery(
		new URL(provider.issuer),
		provider.clientId,
		undefined,
		provider.clientSecret === undefined ? client.None() : client.ClientSecretPost(provider.clientSecret),
		{ timeout: PROVIDER_TIMEOUT_S, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
	);
	configuration.timeout = PROVIDER_TIMEOUT_S;
	return configuration;
}

/** GET /login/providers: what the login screen offers (no issuer, no client id: nothing to configure from outside). */
export const listProviders = (deps: ServiceDeps) => {
	const data = deps.config.oidcProviders.map((provider) => ({
		id: provider.id,
		name: provider.name,
		kind: "oidc" as const,
	}));
	return { data, count: data.length };
};
