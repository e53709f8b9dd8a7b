import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { useTRPC } from "../../api/trpc.ts";
import { type ListChange, type ListParams, listInput, readListParams, withListChange } from "./list-params.ts";

type NavigateOptions = { replace?: boolean };

/**
 * The admin list's search, filters, sort and page, kept in the URL so that Back and a
 * reload show the same list. `change` rewrites the search, filters or sort (back to page
 * 1); `setPage` keeps the rest. `replace` corrects the URL without a history entry, so
 * Back does not return to a bad page, nor step through each word typed.
 */
export function useListParams() {
	const [search, setSearch] = useSearchParams();
	const params = useMemo(() => readListParams(search), [search]);
	const change = useCallback(
		(changes: ListChange, options?: NavigateOptions) =>
			setSearch((prev) => withListChange(prev, changes), { replace: options?.replace ?? false }),
		[setSearch],
	);
	const setPage = useCallback(
		(page: number, options?: NavigateOptions) =>
			setSearch(
				(prev) => {
					const next = new URLSearchParams(prev);
					next.set("page", String(page));
					return next;
				},
				{ replace: options?.replace ?? false },
			),
		[setSearch],
	);
	return { params, change, setPage };
}

/** One page of users; the previous page stays on screen (as placeholder data) while the next loads. */
export function useUsersPage(params: ListParams) {
	const trpc = useTRPC();
	return useQuery({ ...trpc.admin.list.queryOptions(listInput(params)), placeholderData: keepPreviousData });
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
