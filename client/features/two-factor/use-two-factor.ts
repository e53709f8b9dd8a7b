import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "../../api/trpc.ts";

/** Whether two-factor is on for the signed-in user, and how many recovery codes are left. */
export function useTwoFactorStatus() {
	const trpc = useTRPC();
	return useQuery(trpc.twoFactor.status.queryOptions());
}

/** After a change: the status is asked again. */
export function useRefreshTwoFactorStatus() {
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	return useCallback(
		() => queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() }),
		[queryClient, trpc],
	);
}
