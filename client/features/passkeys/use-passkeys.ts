import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "../../api/trpc.ts";

/** The signed-in user's passkeys. */
export function usePasskeys() {
	const trpc = useTRPC();
	return useQuery(trpc.passkeys.list.queryOptions());
}

/** After a change: the list is asked again. */
export function useRefreshPasskeys() {
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	return useCallback(
		() => queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() }),
		[queryClient, trpc],
	);
}
