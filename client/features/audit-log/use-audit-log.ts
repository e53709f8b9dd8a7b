import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { useTRPC } from "../../api/trpc.ts";
import { type AuditLogFilters, auditListInput, readAuditParams, withFilters } from "./audit-filters.ts";

const FILTER_KEYS = ["action", "user", "since", "until", "page"] as const;

/**
 * The screen's filters and page, kept in the URL so Back and reload keep them. A change of
 * filters starts again at page 1; `replace` changes the URL without a history entry.
 */
export function useAuditParams() {
	const [params, setParams] = useSearchParams();
	const { filters, page } = useMemo(() => readAuditParams(params), [params]);
	const setFilters = useCallback(
		(change: Partial<AuditLogFilters>, options?: { replace?: boolean }) =>
			setParams((prev) => withFilters(prev, change), { replace: options?.replace ?? false }),
		[setParams],
	);
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
	const clear = useCallback(
		() =>
			setParams((prev) => {
				const out = new URLSearchParams(prev);
				for (const key of FILTER_KEYS) out.delete(key);
				return out;
			}),
		[setParams],
	);
	return { filters, page, setFilters, setPage, clear };
}

/** One page of events; the previous page stays on screen (as placeholder data) while the next loads. */
export function useAuditPage(filters: AuditLogFilters, page: number) {
	const trpc = useTRPC();
	return useQuery({
		...trpc.audit.list.queryOptions(auditListInput(filters, page)),
		placeholderData: keepPreviousData,
	});
}
