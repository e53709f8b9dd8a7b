import { QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";

const statusOf = (error: unknown): number | undefined =>
	error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;

/** The app's query cache and its retry rules. */
export function createQueryClient(): QueryClient {
	return new QueryClient({
		defaultOptions: {
			queries: {
				// A 4xx will not change by asking again; a network blip might.
				retry: (count, error) => count < 2 && (statusOf(error) ?? 500) >= 500,
				refetchOnWindowFocus: false,
				staleTime: 30_000,
			},
			// A change sent without a connection fails at once and says so: never paused, to be
			// replayed silently when the connection returns (an edit cancelled meanwhile included).
			mutations: { retry: false, networkMode: "always" },
		},
	});
}
