import { expect, it } from "vitest";
import { moduleLoadsAroundRequest } from "../../helpers/module-loads.ts";

it("openid-client is loaded with the first sign-in at a provider, not at start", { timeout: 30_000 }, () => {
	const loads = moduleLoadsAroundRequest(
		"/openid-client/",
		{ method: "GET", url: "/api/v1/login/oidc/company" },
		{ OIDC_PROVIDERS: "company", OIDC_COMPANY_ISSUER: "http://127.0.0.1:9", OIDC_COMPANY_CLIENT_ID: "portico" },
	);
	// The provider is down (port 9): the sign-in answers 503, after loading openid-client to reach it.
	expect(loads).toEqual({ before: false, status: 503, after: true });
});
