import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import { parsePageParam } from "../../lib/page-param.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { pageQuery } from "./paging.ts";

/** The `?page=` of the admin screen (1 on a bad value) and a setter that keeps other params. */
export function usePageParam(): [number, (page: number) => void] {
	const [params, setParams] = useSearchParams();
	const page = parsePageParam(params.get("page"));
	const setPage = useCallback(
		(next: number) =>
			setParams((prev) => {
				const out = new URLSearchParams(prev);
				out.set("page", String(next));
				return out;
			}),
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
