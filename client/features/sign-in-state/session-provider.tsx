import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useState } from "react";
import { TRPCProvider } from "../../api/trpc.ts";
import { createSessionTRPCClient, sessionServer } from "../../api/trpc-client.ts";
import { createSession, type Session, type SessionRouter } from "./session.ts";
import { tokenStore } from "./token-store.ts";

const TRPC_URL = "/trpc";

const SessionContext = createContext<Session | null>(null);

/**
 * Builds the session once, over the QueryClient of the surrounding QueryClientProvider and
 * the router it is given, and provides it with the tRPC client whose link applies its rules.
 */
export function SessionProvider({ router, children }: { router: SessionRouter; children: ReactNode }) {
	const queryClient = useQueryClient();
	const [{ session, trpcClient }] = useState(() => {
		const created = createSession({ queryClient, router, server: sessionServer(TRPC_URL, tokenStore) });
		return { session: created, trpcClient: createSessionTRPCClient(created, TRPC_URL) };
	});
	return (
		<SessionContext.Provider value={session}>
			<TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
				{children}
			</TRPCProvider>
		</SessionContext.Provider>
	);
}

/** The session of the surrounding SessionProvider (hooks.ts is the way in for screens). */
export function useSessionContext(): Session {
	const session = useContext(SessionContext);
	if (!session) throw new Error("useSession needs a SessionProvider");
	return session;
}
