import { describe, expect, it } from "vitest";
import type { LogoutResult, TokenPair } from "../../../shared/schemas/auth.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { linkIdentity, type OidcWorld, oidcWorld, providerSignIn } from "../../helpers/oidc-world.ts";
import { mutate } from "../../helpers/trpc.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * OIDC_<ID>_LOGOUT=provider: logging out of a session made through the provider also sends
 * the browser to its end_session_endpoint (RP-initiated logout), which the logout answers as
 * `end_session_url`: client_id and post_logout_redirect_uri, accepted by the real provider.
 */
async function signedIn(env: Record<string, string>) {
	const w = await oidcWorld(env);
	const user = await seedUser(w.app);
	await linkIdentity(w, user.id, "alice-sub");
	return { w, user, tokens: await providerSignIn(w, "alice-sub") };
}

const logout = async (w: OidcWorld, tokens: TokenPair) => {
	const res = await api(w.app, "POST", "/login/logout", { headers: bearer(tokens.access_token) });
	expect(res.statusCode).toBe(200);
	return res.json() as LogoutResult;
};

describe("logout through a provider with LOGOUT=provider", () => {
	it("ends Portico's session and answers the provider's end-session URL, which the provider accepts", async () => {
		const { w, tokens } = await signedIn({ LOGOUT: "provider" });
		const answer = await logout(w, tokens);
		const url = new URL(answer.end_session_url ?? "");
		expect(`${url.origin}${url.pathname}`).toBe(`${w.op.issuer}/session/end`);
		expect(Object.fromEntries(url.searchParams)).toEqual({
			client_id: w.op.clientId,
			post_logout_redirect_uri: "http://localhost:3000/login",
		});
		expect((await api(w.app, "GET", "/users/me", { headers: bearer(tokens.access_token) })).statusCode).toBe(401);
		// The provider's logout page, not its error: it knows the client and the return address.
		const atProvider = await fetch(url, { redirect: "manual" });
		expect(atProvider.status).toBe(200);
		expect(await atProvider.text()).toContain("<form");
	});

	it("the tRPC logout answers it too", async () => {
		const { w, tokens } = await signedIn({ LOGOUT: "provider" });
		const res = await mutate(w.app, "auth.logout", {}, { headers: bearer(tokens.access_token) });
		expect((res.data as LogoutResult).end_session_url).toMatch(/\/session\/end\?/);
	});

	it("not for a password's session, nor by default (LOGOUT=local)", async () => {
		const { w, user } = await signedIn({ LOGOUT: "provider" });
		const byPassword = (await loginForm(w.app, user.email, user.password)).json() as TokenPair;
		expect(await logout(w, byPassword)).toEqual({ message: "Logged out successfully" });
		const local = await signedIn({});
		expect(await logout(local.w, local.tokens)).toEqual({ message: "Logged out successfully" });
	});
});
