import { loadOpenIdClient } from "../../../lib/openid.ts";
import type { ServiceDeps } from "../../deps.ts";
import { providerConfiguration } from "./providers.ts";

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): after Portico's session
 * through `providerId` ended, the provider's end_session_endpoint with `client_id` and
 * `post_logout_redirect_uri` ($PUBLIC_URL/login, registered at the provider), when the
 * provider has LOGOUT=provider and advertises the endpoint. No id_token is kept for a hint.
 * A provider that cannot be reached does not undo the logout: the answer is then Portico's only.
 */
export async function providerLogoutUrl(deps: ServiceDeps, providerId: string | null): Promise<string | null> {
	const provider = deps.config.oidcProviders.find((one) => one.id === providerId);
	if (provider?.logout !== "provider") return null;
	try {
		const configuration = await providerConfiguration(deps, provider);
		if (!configuration.serverMetadata().end_session_endpoint) return null;
		const client = await loadOpenIdClient();
		return client.buildEndSessionUrl(configuration, {
			client_id: provider.clientId,
			post_logout_redirect_uri: `${deps.config.publicUrl}/login`,
		}).href;
	} catch (error) {
		deps.log.warn({ provider: provider.id, err: error }, "provider logout URL unavailable");
		return null;
	}
}
