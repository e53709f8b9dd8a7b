import { skipToken, useQuery } from "@tanstack/react-query";
import { useMemo, useSyncExternalStore } from "react";
import { useTRPC } from "../../api/trpc.ts";
import { type Fetch, withSession } from "../../api/with-session.ts";
import { useSessionContext } from "./session-provider.tsx";
import { useAuthTokens } from "./token-store.ts";

/**
 * The session for screens: the stored tokens (null when signed out; re-renders when they
 * change, in any tab), `start` after a login, `logout`, and `withSession` for REST calls.
 */
export function useSession() {
	const session = useSessionContext();
	const tokens = useAuthTokens();
	return useMemo(
		() => ({
			tokens,
			start: session.start,
			logout: session.logout,
			withSession: <Init extends RequestInit>(fetch: Fetch<Init>) => withSession(session, fetch),
		}),
		[session, tokens],
	);
}

/** The signed-in user (`users.me`); it loads only while a token exists. */
export function useCurrentUser() {
	const trpc = useTRPC();
	const tokens = useAuthTokens();
	return useQuery(trpc.users.me.queryOptions(tokens ? undefined : skipToken));
}

/** Whether the server ended this tab's last session (not a logout): the login screen says so until the next login. */
export function useSessionEnded(): boolean {
	const { endNotice } = useSessionContext();
	return useSyncExternalStore(endNotice.subscribe, endNotice.get, () => false);
}
