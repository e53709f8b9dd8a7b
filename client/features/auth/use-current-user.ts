import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { authStore, useAuthTokens } from "../../lib/auth-store.ts";
import { endSession } from "../../lib/session.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** The signed-in user (`users.me`); it loads only while a token exists. */
export function useCurrentUser() {
	const trpc = useTRPC();
	const tokens = useAuthTokens();
	return useQuery(trpc.users.me.queryOptions(tokens ? undefined : skipToken));
}

/** Logs out on the server (a failure there is ignored), then clears everything and shows /login. */
export function useLogout(): () => Promise<void> {
	const trpc = useTRPC();
	const { mutateAsync } = useMutation(trpc.auth.logout.mutationOptions());
	return useCallback(async () => {
		const refreshToken = authStore.get()?.refreshToken;
		try {
			await mutateAsync(refreshToken ? { refresh_token: refreshToken } : {});
		} catch {
			// The session ends on this device either way.
		}
		endSession();
	}, [mutateAsync]);
}
