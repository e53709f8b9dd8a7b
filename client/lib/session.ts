import type { QueryClient } from "@tanstack/react-query";
import { authStore } from "./auth-store.ts";

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigate: Navigate = (to) => window.location.assign(to);
let cache: QueryClient | null = null;

/** app.tsx hands over the router's navigate and the query cache once they exist. */
export function connectSession(options: { navigate: Navigate; queryClient: QueryClient }): void {
	navigate = options.navigate;
	cache = options.queryClient;
}

/** Clears tokens and cached data, then shows the login screen. */
export function endSession(): void {
	authStore.clear();
	cache?.clear();
	if (window.location.pathname !== "/login") void navigate("/login", { replace: true });
}
