import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { API, api } from "./http.ts";
import { throughProvider } from "./oidc-sign-in.ts";

type Headers = Record<string, string>;

/** A flow started from the signed-in app (a link, a re-authentication): the answer, the provider's URL, the cookie's binding. */
export async function startFromApp(app: FastifyInstance, path: string, headers: Headers, body: object = {}) {
	const res = await api(app, "POST", path, { headers, body });
	const cookie = res.cookies.find((one) => one.name === "portico_oidc");
	return {
		res,
		authorizationUrl: res.statusCode === 200 ? (res.json() as { authorization_url: string }).authorization_url : "",
		binding: cookie?.value,
		cookie,
	};
}

/** The provider's callback as the browser (with the flow's cookie) calls it: the fragment /login/sso gets. */
export async function callbackFragment(
	app: FastifyInstance,
	query: URLSearchParams,
	binding: string | undefined,
	providerId = "company",
): Promise<Record<string, string>> {
	const res = await app.inject({
		method: "GET",
		url: `${API}/login/oidc/${providerId}/callback?${query}`,
		cookies: binding ? { portico_oidc: binding } : {},
	});
	expect(res.statusCode).toBe(302);
	const location = String(res.headers.location);
	expect(location.startsWith("/login/sso#")).toBe(true);
	return Object.fromEntries(new URLSearchParams(location.slice(location.indexOf("#") + 1)));
}

/** Start at `path` from the app, go through the provider, come back: the fragment. */
export async function roundTrip(app: FastifyInstance, path: string, headers: Headers, body: object = {}) {
	const started = await startFromApp(app, path, headers, body);
	expect(started.res.statusCode).toBe(200);
	const query = await throughProvider(started.authorizationUrl);
	return callbackFragment(app, query, started.binding);
}

/** The hand-off of /login/sso: its code posted from the browser that holds the flow's cookie. */
export const completeHandoff = (app: FastifyInstance, handoff: string | undefined, binding: string | undefined) =>
	app.inject({
		method: "POST",
		url: `${API}/login/oidc/complete`,
		payload: { handoff },
		cookies: binding ? { portico_oidc: binding } : {},
	});
