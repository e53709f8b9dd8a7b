import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../api/trpc.ts";

/** The signed-in account at a glance (`dashboard.account`). */
export function useAccountSummary() {
	const trpc = useTRPC();
	return useQuery(trpc.dashboard.account.queryOptions());
}

/** All accounts in numbers (`dashboard.users`); the dashboard mounts its cards for a superuser only. */
export function useUsersSummary() {
	const trpc = useTRPC();
	return useQuery(trpc.dashboard.users.queryOptions());
}
