import { expect } from "vitest";
import { startProviderSignIn } from "../../server/services/sign-in/oidc/flow.ts";
import type { TestApp } from "./build-test-app.ts";
import type { TestOidcProvider } from "./oidc-provider.ts";
import { META } from "./services.ts";

/** Where the test app (PUBLIC_URL's default) has the provider `company` send the browser back. */
export const COMPANY_CALLBACK = "http://localhost:3000/api/v1/login/oidc/company/callback";

/** The environment of one provider `company` at `issuer`, with `extra` of its own variables (`ALLOWED_DOMAINS`...). */
export function companyEnv(provider: TestOidcProvider, extra: Record<string, string> = {}): Record<string, string> {
	const env: Record<string, string> = {
		OIDC_PROVIDERS: "company",
		OIDC_COMPANY_ISSUER: provider.issuer,
		OIDC_COMPANY_CLIENT_ID: provider.clientId,
		OIDC_COMPANY_CLIENT_SECRET: provider.clientSecret,
	};
	for (const [name, value] of Object.entries(extra)) env[`OIDC_COMPANY_${name}`] = value;
	return env;
}

/**
 * A browser at the provider: follows its redirects with a cookie jar of its own until the
 * provider sends it back to Portico's callback, whose query it answers (not followed).
 */
export async function throughProvider(authorizationUrl: string, callback = COMPANY_CALLBACK): Promise<URLSearchParams> {
	const jar = new Map<string, string>();
	let at = authorizationUrl;
	for (let hop = 0; hop < 10; hop++) {
		if (at.startsWith(`${callback}?`)) return new URL(at).searchParams;
		const res = await fetch(at, {
			redirect: "manual",
			headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
		});
		for (const cookie of res.headers.getSetCookie()) {
			const [pair = ""] = cookie.split(";");
			const cut = pair.indexOf("=");
			jar.set(pair.slice(0, cut), pair.slice(cut + 1));
		}
		const location = res.headers.get("location");
		if (!location) throw new Error(`the provider stopped at ${res.status}: ${await res.text()}`);
		at = new URL(location, at).href;
	}
	throw new Error("the provider never sent the browser back");
}

/** Start (as Portico's start route does) and go through the provider: the callback's query and the browser's binding. */
export async function signInAtProvider(test: TestApp, providerId = "company", returnTo?: string) {
	const started = await startProviderSignIn(test.app.deps, providerId, returnTo, META);
	expect(new URL(started.authorizationUrl).searchParams.get("code_challenge_method")).toBe("S256");
	return { ...started, query: await throughProvider(started.authorizationUrl) };
}
