import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import { parsePageParam } from "../../lib/page-param.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { pageQuery } from "./paging.ts";

/**
 * The `?page=` of the admin screen (1 on a bad value) and a setter that keeps other params;
 * `replace` corrects the URL without a history entry, so Back does not return to a bad page.
 */
export function usePageParam(): [number, (page: number, options?: { replace?: boolean }) => void] {
	const [params, setParams] = useSearchParams();
	const page = parsePageParam(params.get("page"));
	const setPage = useCallback(
		(next: number, options?: { replace?: boolean }) =>
			setParams(
				(prev) => {
					const out = new URLSearchParams(prev);
					out.set("page", String(next));
					return out;
				},
				{ replace: options?.replace ?? false },
			),
		[setParams],
	);
	return [page, setPage];
}

/** One page of users; the previous page stays on screen (as placeholder data) while the next loads. */
export function useUsersPage(page: number) {
	const trpc = useTRPC();
	return useQuery({ ...trpc.admin.list.queryOptions(pageQuery(page)), placeholderData: keepPreviousData });
}

/** Reloads every page of the users list. */
export function useReloadUsers() {
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	return useCallback(
		() => queryClient.invalidateQueries({ queryKey: trpc.admin.list.queryKey() }),
		[queryClient, trpc],
	);
}
