import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "../../api/trpc.ts";
import { useSession } from "../sign-in-state/hooks.ts";

/** The signed-in user's profile (`profile.get`); every field is null until set. */
export function useProfile() {
	const trpc = useTRPC();
	const { tokens } = useSession();
	return useQuery(trpc.profile.get.queryOptions(tokens ? undefined : skipToken));
}

/** Refetches the current user and the profile, so the header and the settings show the change. */
export function useRefreshMe() {
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	return useCallback(
		() =>
			Promise.all([
				queryClient.invalidateQueries({ queryKey: trpc.users.me.queryKey() }),
				queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() }),
			]),
		[queryClient, trpc],
	);
}
