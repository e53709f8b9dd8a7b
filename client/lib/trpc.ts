import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../server/trpc/router.ts";
import { TRPC_MAX_BATCH_SIZE } from "../../shared/trpc-limits.ts";
import { authFailureAction } from "./auth-policy.ts";
import { authStore } from "./auth-store.ts";
import { endSession } from "./session.ts";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

const statusOf = (error: unknown): number | undefined =>
	error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;

export const queryClient = new QueryClient({
	defaultOptions: {
		queries: {
			// A 4xx will not change by asking again; a network blip might.
			retry: (count, error) => count < 2 && (statusOf(error) ?? 500) >= 500,
			refetchOnWindowFocus: false,
			staleTime: 30_000,
		},
		mutations: { retry: false },
	},
});

/** The bearer token, and the chosen language so e-mails (password recovery) arrive in it. */
const headers = () => {
	const token = authStore.get()?.token;
	const language = document.documentElement.lang || "en";
	return token ? { authorization: `Bearer ${token}`, "accept-language": language } : { "accept-language": language };
};

/** A client without the auth link, for the refresh call itself. */
const refreshClient = createTRPCClient<AppRouter>({ links: [httpLink({ url: "/trpc" })] });

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: parallel 401s share it. Resolves to whether new tokens were stored. */
export function refreshTokens(): Promise<boolean> {
	if (!refreshing) {
		const refreshToken = authStore.get()?.refreshToken;
		refreshing = (async () => {
			if (!refreshToken) return false;
			try {
				const pair = await refreshClient.auth.refresh.mutate({ refresh_token: refreshToken });
				authStore.set({ token: pair.access_token, refreshToken: pair.refresh_token });
				return true;
			} catch {
				return false;
			}
		})().finally(() => {
			refreshing = null;
		});
	}
	return refreshing;
}

/** On a 401: one refresh and one retry, else the session ends; on a 403 the session ends. */
const authLink: TRPCLink<AppRouter> = () => {
	return ({ op, next }) =>
		observable((observer) => {
			let subscription: Unsubscribable | null = null;
			let stopped = false;
			const attempt = (retried: boolean) => {
				subscription = next(op).subscribe({
					next: (value) => observer.next(value),
					complete: () => observer.complete(),
					error: (error) => {
						const action = authFailureAction({
							path: op.path,
							status: statusOf(error),
							reason: (error.data as { reason?: string | null } | undefined)?.reason,
							retried,
							hasRefreshToken: Boolean(authStore.get()?.refreshToken),
						});
						if (action === "none") return observer.error(error);
						if (action === "logout") {
							endSession();
							return observer.error(error);
						}
						void refreshTokens().then((ok) => {
							if (stopped) return;
							if (ok) return attempt(true);
							endSession();
							observer.error(error);
						});
					},
				});
			};
			attempt(false);
			return () => {
				stopped = true;
				subscription?.unsubscribe();
			};
		});
};

export const trpcClient = createTRPCClient<AppRouter>({
	links: [authLink, httpBatchLink({ url: "/trpc", headers, maxURLLength: 2000, maxItems: TRPC_MAX_BATCH_SIZE })],
});
