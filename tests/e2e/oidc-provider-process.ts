/**
 * The e2e suite's OpenID provider: a real, certified one (oidc-provider, as in the vitest
 * suite) in its own process on 127.0.0.1, while Portico is opened at localhost, so the
 * browser keeps the provider's cookies and Portico's apart as two sites' would be. Its
 * sign-in page is a form the spec fills (tests/helpers/oidc-sign-in-page.ts). Started by
 * tests/playwright.config.ts as a webServer, which ends it after the run.
 */
import { startOidcProvider } from "../helpers/oidc-provider.ts";

const env = (name: string): string => {
	const value = process.env[name];
	if (!value) throw new Error(`${name} is required`);
	return value;
};

const provider = await startOidcProvider({
	port: Number(env("OIDC_E2E_PORT")),
	redirectUri: env("OIDC_E2E_REDIRECT_URI"),
	clientId: env("OIDC_E2E_CLIENT_ID"),
	clientSecret: env("OIDC_E2E_CLIENT_SECRET"),
	signInPage: true,
});
console.log(`test provider at ${provider.issuer}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
	process.once(signal, () => void provider.close().then(() => process.exit(0)));
