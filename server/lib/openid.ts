import type * as OpenIdClient from "openid-client";

let loading: Promise<typeof OpenIdClient> | undefined;

/**
 * openid-client (a certified relying party), loaded at the first sign-in through a
 * provider: a server without providers never reads it.
 */
export const loadOpenIdClient = (): Promise<typeof OpenIdClient> => {
	loading ??= import("openid-client");
	return loading;
};
