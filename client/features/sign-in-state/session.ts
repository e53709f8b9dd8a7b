import type { QueryClient } from "@tanstack/react-query";
import type { CallState, Refusal } from "../../api/call-recovery.ts";
import { failureAction } from "../../api/failure-policy.ts";
import type { SessionServer } from "../../api/trpc-client.ts";
import { createEndNotice } from "./end-notice.ts";
import { createIdentityPrompt, type IdentityPrompt } from "./reauth/identity-prompt.ts";
import { refreshAcrossTabs } from "./refresh-across-tabs.ts";
import { type AuthTokens, tokenStore } from "./token-store.ts";

/** What the session needs of the router (react-router's data router fits): where we are, and a way to /login. */
export type SessionRouter = {
	state: { location: { pathname: string } };
	navigate: (to: string, options: { replace: boolean }) => unknown;
};

export type SessionOptions = {
	/** Its cached data belongs to the session and goes with it. */
	queryClient: QueryClient;
	router: SessionRouter;
	server: SessionServer;
	/** Leaves the app for another site's page (the provider's end-session page after a logout). */
	leave?: (url: string) => void;
};

/**
 * The provider's end-session page a logout answers with, for a session made through a
 * provider with `OIDC_<ID>_LOGOUT=provider`: an http(s) URL, or null.
 */
export function endSessionUrlOf(answer: unknown): string | null {
	const url = (answer as { end_session_url?: unknown } | null)?.end_session_url;
	if (typeof url !== "string" || !URL.canParse(url)) return null;
	return ["https:", "http:"].includes(new URL(url).protocol) ? url : null;
}

/**
 * Why a session ends: the user signed out (nothing to say), or the server refused it and
 * the refresh could not save it (revoked elsewhere, expired, demoted): the login screen says so.
 */
export type EndCause = "signed-out" | "refused";

/**
 * The signed-in session of this tab: its tokens, what a refused call does to it, and its
 * end. Every call of the app (tRPC through sessionLink, REST through withSession) goes
 * through `recover` when refused, so the rules live here once.
 */
export function createSession({
	queryClient,
	router,
	server,
	leave = (url) => window.location.assign(url),
}: SessionOptions) {
	const identityPrompt: IdentityPrompt = createIdentityPrompt();
	const endNotice = createEndNotice();
	let refreshing: Promise<boolean> | null = null;

	/**
	 * New tokens after the server refused `refusedToken`: parallel refusals in this tab share
	 * one refresh, and refreshAcrossTabs keeps the other tabs out of it. Resolves to whether
	 * usable tokens are stored (another tab's, when it refreshed first).
	 */
	function refreshTokens(refusedToken: string | undefined): Promise<boolean> {
		refreshing ??= refreshAcrossTabs(refusedToken, server.refresh).finally(() => {
			refreshing = null;
		});
		return refreshing;
	}

	/**
	 * Clears the tokens, the cached data and any open confirmation, then shows the login
	 * screen, which tells the user why when the server ended the session.
	 */
	function end(cause: EndCause = "signed-out"): void {
		endNotice.set(cause === "refused");
		tokenStore.clear();
		identityPrompt.answer(false);
		queryClient.clear();
		if (router.state.location.pathname !== "/login") void router.navigate("/login", { replace: true });
	}

	/** After a login: nothing cached for someone else survives into the new session. */
	function start(tokens: AuthTokens): void {
		endNotice.set(false);
		queryClient.clear();
		tokenStore.set(tokens);
	}

	/**
	 * Ends the session on the server (a failure there is ignored), then here; a session made
	 * through a provider that asks for it then ends at the provider too (its end-session page).
	 */
	async function logout(): Promise<void> {
		let answer: unknown = null;
		try {
			answer = await server.logout(tokenStore.get()?.refreshToken || undefined);
		} catch {
			// The session ends on this device either way.
		}
		end();
		const endSessionUrl = endSessionUrlOf(answer);
		if (endSessionUrl) leave(endSessionUrl);
	}

	/** After a refused call: the state to send it again with, or null when the refusal stands. */
	async function recover(refusal: Refusal): Promise<CallState | null> {
		const action = failureAction({
			...refusal,
			...refusal.state,
			hasRefreshToken: Boolean(tokenStore.get()?.refreshToken),
		});
		switch (action) {
			case "none":
				return null;
			case "end-session":
				end("refused");
				return null;
			case "refresh":
				if (await refreshTokens(refusal.sentToken)) return { ...refusal.state, refreshed: true };
				end("refused");
				return null;
			case "reauthenticate":
				return (await identityPrompt.ask()) ? { ...refusal.state, reauthenticated: true } : null;
		}
	}

	return { tokens: tokenStore, identityPrompt, endNotice, start, end, logout, recover };
}

export type Session = ReturnType<typeof createSession>;
