import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionServer } from "../../../client/api/trpc-client.ts";
import { withSession } from "../../../client/api/with-session.ts";
import { createSession } from "../../../client/features/sign-in-state/session.ts";
import { type AuthTokens, tokenStore } from "../../../client/features/sign-in-state/token-store.ts";
import { errorTexts } from "../../../shared/errors.ts";

/** A Map-backed localStorage (Node has none). */
class MemoryStorage {
	private items = new Map<string, string>();
	getItem = (key: string) => this.items.get(key) ?? null;
	setItem = (key: string, value: string) => void this.items.set(key, String(value));
	removeItem = (key: string) => void this.items.delete(key);
}

/** The router as the session sees it: where the app is, and the navigations it was asked for. */
function fakeRouter(pathname = "/settings") {
	const navigations: string[] = [];
	return {
		navigations,
		state: { location: { pathname } },
		navigate(to: string) {
			navigations.push(to);
			this.state.location.pathname = to;
		},
	};
}

/** The server's side of the session: refresh rotates the pair (or is refused), logout is recorded. */
function fakeServer(options: { refuseRefresh?: boolean } = {}) {
	const refreshed: string[] = [];
	const loggedOut: (string | undefined)[] = [];
	const server: SessionServer = {
		async refresh(refreshToken) {
			refreshed.push(refreshToken);
			if (options.refuseRefresh) throw new Error("401");
			return { token: `t.${refreshed.length + 1}`, refreshToken: `r.${refreshed.length + 1}` };
		},
		async logout(refreshToken) {
			loggedOut.push(refreshToken);
			throw new Error("the server is down");
		},
	};
	return { server, refreshed, loggedOut };
}

const json = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A REST endpoint answering in turn with `answers`, recording the bearer token of every request. */
function restEndpoint(...answers: Array<() => Response>) {
	const tokens: (string | null)[] = [];
	const fetch = async (_url: string, init?: RequestInit) => {
		tokens.push(new Headers(init?.headers).get("authorization"));
		const answer = answers[Math.min(tokens.length, answers.length) - 1];
		if (!answer) throw new Error("no answer");
		return answer();
	};
	return { fetch, tokens };
}

const ok = () => json(200, { ok: true });
const unauthorized = () => json(401, { detail: errorTexts.INVALID_CREDENTIALS });
const refused = (reason: keyof typeof errorTexts) => () => json(403, { detail: errorTexts[reason] });

function setup(options: { refuseRefresh?: boolean; tokens?: AuthTokens } = {}) {
	const router = fakeRouter();
	const queryClient = new QueryClient();
	queryClient.setQueryData(["users.me"], { email: "someone@example.com" });
	const { server, refreshed, loggedOut } = fakeServer(options);
	const session = createSession({ queryClient, router, server });
	tokenStore.set(options.tokens ?? { token: "t.1", refreshToken: "r.1" });
	const ended = () =>
		tokenStore.get() === null &&
		queryClient.getQueryData(["users.me"]) === undefined &&
		router.navigations.includes("/login");
	return { session, router, refreshed, loggedOut, ended };
}

beforeEach(() => {
	Object.assign(globalThis, { localStorage: new MemoryStorage() });
});
afterEach(() => {
	Reflect.deleteProperty(globalThis, "localStorage");
});

describe("withSession: a REST call under the session rules", () => {
	it("sends the stored token as a bearer", async () => {
		const { session } = setup();
		const endpoint = restEndpoint(ok);
		expect((await withSession(session, endpoint.fetch)("/api/v1/x")).status).toBe(200);
		expect(endpoint.tokens).toEqual(["Bearer t.1"]);
	});

	it("on a 401 refreshes once and sends the call again with the new token", async () => {
		const { session, refreshed, ended } = setup();
		const endpoint = restEndpoint(unauthorized, ok);
		expect((await withSession(session, endpoint.fetch)("/api/v1/x", { method: "POST" })).status).toBe(200);
		expect(refreshed).toEqual(["r.1"]);
		expect(endpoint.tokens).toEqual(["Bearer t.1", "Bearer t.2"]);
		expect(ended()).toBe(false);
	});

	it("a 401 for a token another tab has replaced meanwhile reuses that tab's tokens, without a refresh", async () => {
		const { session, refreshed } = setup();
		const endpoint = restEndpoint(() => {
			tokenStore.set({ token: "t.other", refreshToken: "r.other" }); // another tab refreshed while this call travelled
			return unauthorized();
		}, ok);
		expect((await withSession(session, endpoint.fetch)("/api/v1/x")).status).toBe(200);
		expect(refreshed).toEqual([]);
		expect(endpoint.tokens).toEqual(["Bearer t.1", "Bearer t.other"]);
	});

	it("a second 401 after the retry ends the session: tokens and cached data gone, /login shown", async () => {
		const { session, ended } = setup();
		const endpoint = restEndpoint(unauthorized, unauthorized);
		expect((await withSession(session, endpoint.fetch)("/api/v1/x")).status).toBe(401);
		expect(endpoint.tokens).toHaveLength(2);
		expect(ended()).toBe(true);
	});

	it("a refused refresh ends the session", async () => {
		const { session, ended } = setup({ refuseRefresh: true });
		expect((await withSession(session, restEndpoint(unauthorized).fetch)("/api/v1/x")).status).toBe(401);
		expect(ended()).toBe(true);
	});

	it('a 403 "not enough privileges" ends the session', async () => {
		const { session, ended } = setup();
		expect((await withSession(session, restEndpoint(refused("FORBIDDEN")).fetch)("/api/v1/x")).status).toBe(403);
		expect(ended()).toBe(true);
	});

	it("a 403 rule refusal, read from the REST detail, is answered as it is and the session stays", async () => {
		const { session, ended } = setup();
		const endpoint = restEndpoint(refused("SUPERUSER_SELF_DELETE"));
		const response = await withSession(session, endpoint.fetch)("/api/v1/x");
		expect(response.status).toBe(403);
		expect(await response.json()).toEqual({ detail: errorTexts.SUPERUSER_SELF_DELETE });
		expect(ended()).toBe(false);
		expect(endpoint.tokens).toHaveLength(1);
	});
});

describe("the confirmation of identity a sensitive action asks for", () => {
	it("waits for the user: once confirmed, the call is sent again and succeeds", async () => {
		const { session, ended } = setup();
		const endpoint = restEndpoint(refused("REAUTH_REQUIRED"), ok);
		const call = withSession(session, endpoint.fetch)("/api/v1/users/me", { method: "PATCH" });
		await expect.poll(() => session.identityPrompt.isOpen()).toBe(true);
		expect(endpoint.tokens).toHaveLength(1);
		session.identityPrompt.answer(true);
		expect((await call).status).toBe(200);
		expect(session.identityPrompt.isOpen()).toBe(false);
		expect(ended()).toBe(false);
	});

	it("cancelled, the call fails with the refusal and the session stays", async () => {
		const { session, ended } = setup();
		const endpoint = restEndpoint(refused("REAUTH_REQUIRED"), ok);
		const call = withSession(session, endpoint.fetch)("/api/v1/users/me", { method: "PATCH" });
		await expect.poll(() => session.identityPrompt.isOpen()).toBe(true);
		session.identityPrompt.answer(false);
		const response = await call;
		expect(response.status).toBe(403);
		expect(await response.json()).toEqual({ detail: errorTexts.REAUTH_REQUIRED });
		expect(endpoint.tokens).toHaveLength(1);
		expect(ended()).toBe(false);
	});

	it("calls refused together share one question, and all go through once it is answered", async () => {
		const { session } = setup();
		let asked = 0;
		const stop = session.identityPrompt.subscribe(() => {
			if (session.identityPrompt.isOpen()) asked++;
		});
		const first = withSession(session, restEndpoint(refused("REAUTH_REQUIRED"), ok).fetch)("/a");
		const second = withSession(session, restEndpoint(refused("REAUTH_REQUIRED"), ok).fetch)("/b");
		await expect.poll(() => session.identityPrompt.isOpen()).toBe(true);
		await new Promise((resolve) => setTimeout(resolve, 10));
		session.identityPrompt.answer(true);
		expect([(await first).status, (await second).status]).toEqual([200, 200]);
		expect(asked).toBe(1);
		stop();
	});

	it("asks once per call: refused again after the confirmation, the call fails instead of asking forever", async () => {
		const { session } = setup();
		const endpoint = restEndpoint(refused("REAUTH_REQUIRED"), refused("REAUTH_REQUIRED"));
		const call = withSession(session, endpoint.fetch)("/a");
		await expect.poll(() => session.identityPrompt.isOpen()).toBe(true);
		session.identityPrompt.answer(true);
		expect((await call).status).toBe(403);
		expect(session.identityPrompt.isOpen()).toBe(false);
	});

	it("the end of the session closes an open question as cancelled", async () => {
		const { session } = setup();
		const call = withSession(session, restEndpoint(refused("REAUTH_REQUIRED"), ok).fetch)("/a");
		await expect.poll(() => session.identityPrompt.isOpen()).toBe(true);
		session.end();
		expect((await call).status).toBe(403);
		expect(session.identityPrompt.isOpen()).toBe(false);
	});
});

describe("starting and ending the session", () => {
	it("a login drops what was cached for anyone before and stores the new tokens", () => {
		const queryClient = new QueryClient();
		const session = createSession({ queryClient, router: fakeRouter("/login"), server: fakeServer().server });
		queryClient.setQueryData(["users.me"], { email: "previous@example.com" });
		session.start({ token: "t.new", refreshToken: "r.new" });
		expect(queryClient.getQueryData(["users.me"])).toBeUndefined();
		expect(tokenStore.get()).toEqual({ token: "t.new", refreshToken: "r.new" });
	});

	it("logout tells the server (with the refresh token) and ends the session here even when the server fails", async () => {
		const { session, loggedOut, ended } = setup();
		await session.logout();
		expect(loggedOut).toEqual(["r.1"]);
		expect(ended()).toBe(true);
	});

	it("a logout answered with the provider's end-session page (LOGOUT=provider) ends here, then goes there; only an http(s) URL", async () => {
		for (const [answer, expected] of [
			[
				{ message: "ok", end_session_url: "https://idp.example/logout?id_token_hint=x" },
				["https://idp.example/logout?id_token_hint=x"],
			],
			[{ message: "ok" }, []],
			[{ message: "ok", end_session_url: "javascript:alert(1)" }, []],
			[{ message: "ok", end_session_url: "not a url" }, []],
		] as const) {
			const left: string[] = [];
			const router = fakeRouter();
			const server: SessionServer = { ...fakeServer().server, logout: async () => answer };
			const session = createSession({ queryClient: new QueryClient(), router, server, leave: (url) => left.push(url) });
			tokenStore.set({ token: "t.1", refreshToken: "r.1" });
			await session.logout();
			expect(tokenStore.get()).toBeNull();
			expect(router.state.location.pathname).toBe("/login");
			expect(left).toEqual(expected);
		}
	});

	it("ending the session on /login stays there (no navigation)", () => {
		const router = fakeRouter("/login");
		const session = createSession({ queryClient: new QueryClient(), router, server: fakeServer().server });
		session.end();
		expect(router.navigations).toEqual([]);
	});

	it("a session the server ended leaves the login screen a notice; a logout leaves none; the next login clears it", async () => {
		const refusedOnce = setup({ refuseRefresh: true });
		await withSession(refusedOnce.session, restEndpoint(unauthorized).fetch)("/a");
		expect(refusedOnce.ended()).toBe(true);
		expect(refusedOnce.session.endNotice.get()).toBe(true);
		refusedOnce.session.start({ token: "t.2", refreshToken: "r.2" });
		expect(refusedOnce.session.endNotice.get()).toBe(false);

		const demoted = setup();
		await withSession(demoted.session, restEndpoint(refused("FORBIDDEN")).fetch)("/a");
		expect(demoted.session.endNotice.get()).toBe(true);

		const loggedOut = setup();
		await loggedOut.session.logout();
		expect(loggedOut.ended()).toBe(true);
		expect(loggedOut.session.endNotice.get()).toBe(false);
	});
});
