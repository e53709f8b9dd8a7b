import { createTRPCClient, httpBatchLink, httpLink } from "@trpc/client";
import type { AppRouter } from "../../server/trpc/router.ts";
import { TRPC_MAX_BATCH_SIZE } from "../../shared/trpc-limits.ts";
import type { CallRecovery, TokenSource } from "./call-recovery.ts";
import { sessionLink } from "./trpc-link.ts";

/** The bearer token, and the page's language so e-mails (password recovery) arrive in it. */
function requestHeaders(tokens: TokenSource): Record<string, string> {
	const token = tokens.get()?.token;
	const language = (typeof document !== "undefined" && document.documentElement.lang) || "en";
	return token ? { authorization: `Bearer ${token}`, "accept-language": language } : { "accept-language": language };
}

/** The two calls the session makes itself, outside its own rules. */
export type SessionServer = {
	/** Trades the refresh token for a new pair (the server rotates both). */
	refresh: (refreshToken: string) => Promise<{ token: string; refreshToken: string }>;
	logout: (refreshToken: string | undefined) => Promise<unknown>;
};

/** The session's own calls, on a client without the session link (a refused refresh must not refresh). */
export function sessionServer(url: string, tokens: TokenSource): SessionServer {
	const client = createTRPCClient<AppRouter>({ links: [httpLink({ url, headers: () => requestHeaders(tokens) })] });
	return {
		async refresh(refreshToken) {
			const pair = await client.auth.refresh.mutate({ refresh_token: refreshToken });
			return { token: pair.access_token, refreshToken: pair.refresh_token };
		},
		logout: (refreshToken) => client.auth.logout.mutate(refreshToken ? { refresh_token: refreshToken } : {}),
	};
}

/** The app's tRPC client: batched, every call under the session rules. */
export function createSessionTRPCClient(session: CallRecovery, url: string) {
	return createTRPCClient<AppRouter>({
		// The server refuses batches over TRPC_MAX_BATCH_SIZE: the link splits larger ones.
		links: [
			sessionLink(session),
			httpBatchLink({
				url,
				headers: () => requestHeaders(session.tokens),
				maxURLLength: 2000,
				maxItems: TRPC_MAX_BATCH_SIZE,
			}),
		],
	});
}
