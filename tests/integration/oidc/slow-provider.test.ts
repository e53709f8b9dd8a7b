import { describe, expect, it } from "vitest";
import { finishProviderSignIn } from "../../../server/services/sign-in/oidc/callback.ts";
import { PROVIDER_TIMEOUT_MS } from "../../../server/services/sign-in/oidc/provider-fetch.ts";
import { errorTexts } from "../../../shared/errors.ts";
import { api } from "../../helpers/http.ts";
import { signInAtProvider } from "../../helpers/oidc-sign-in.ts";
import { lastAudit, linkIdentity, oidcWorld, providerSignIn } from "../../helpers/oidc-world.ts";
import { META, refusal } from "../../helpers/services.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * A slow provider: it accepts the connection and never answers (the real provider with its
 * endpoints held, tests/helpers/oidc-provider.ts). Every call to it goes through Portico's
 * fetch, whose timeout runs on the app's scheduler: the test advances the frozen clock by the
 * provider timeout instead of waiting it, and the call gives up then, never before.
 */
describe("a provider that accepts the connection and never answers", () => {
	it("discovery: the start answers 503 PROVIDER_UNAVAILABLE once the timeout passes, and works once it answers", async () => {
		const w = await oidcWorld();
		w.op.stall(/./);
		const held = w.op.nextHeld();
		const start = api(w.app, "GET", "/login/oidc/company");
		expect(await held).toBe("/.well-known/openid-configuration");
		w.advance(PROVIDER_TIMEOUT_MS);
		const res = await start;
		expect(res.statusCode).toBe(503);
		expect(res.json()).toMatchObject({ detail: errorTexts.PROVIDER_UNAVAILABLE });

		w.op.stall(undefined);
		const again = await api(w.app, "GET", "/login/oidc/company");
		expect(again.statusCode).toBe(302);
		expect(again.headers.location?.startsWith(`${w.op.issuer}/`)).toBe(true);
	});

	it.each([
		["the token exchange", /^\/token/],
		["the keys (JWKS), for the id_token's signature", /^\/jwks/],
		["userinfo", /^\/me/],
	])(
		"at the callback, %s: PROVIDER_SIGN_IN_FAILED after the timeout (no hang), and a new sign-in works once it answers",
		async (_name, path) => {
			const w = await oidcWorld();
			const user = await seedUser(w.app);
			await linkIdentity(w, user.id, "alice-sub");
			w.op.signInAs("alice-sub");
			const { binding, query } = await signInAtProvider(w);
			w.op.stall(path);
			const held = w.op.nextHeld();
			const finishing = refusal(() => finishProviderSignIn(w.app.deps, "company", query, binding, META));
			expect(await held).toMatch(path);
			w.advance(PROVIDER_TIMEOUT_MS);
			expect(await finishing).toBe("PROVIDER_SIGN_IN_FAILED");
			expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
				during: "oidc",
				provider: "company",
				reason: "provider_timeout",
			});

			w.op.stall(undefined);
			expect(await providerSignIn(w, "alice-sub")).toMatchObject({ access_token: expect.any(String) });
		},
	);
});
