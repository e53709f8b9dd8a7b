import { DEFAULT_USER_SORT, type UserListParams, type UserSort, userSorts } from "../../../shared/schemas/user-list.ts";
import { parsePageParam } from "../../lib/page-param.ts";
import { PAGE_SIZE } from "./paging.ts";

export type RoleFilter = "superuser" | "user";
export type StatusFilter = "active" | "inactive" | "invited";
export type VerifiedFilter = "true" | "false";

/** What the admin list shows, as its URL says: `?q=&role=&status=&verified=&sort=&page=`. */
export type ListParams = {
	q: string;
	role?: RoleFilter;
	status?: StatusFilter;
	verified?: VerifiedFilter;
	sort: UserSort;
	page: number;
};

/** The URL keys a filter change rewrites (the page goes back to 1 with them). */
export type ListChange = Partial<Omit<ListParams, "page">>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
	values.find((candidate) => candidate === value);

/** Reads the URL; a value the list does not know is as if absent, so a bad link still shows everyone. */
export function readListParams(search: URLSearchParams): ListParams {
	return {
		q: (search.get("q") ?? "").trim(),
		role: oneOf(["superuser", "user"] as const, search.get("role")),
		status: oneOf(["active", "inactive", "invited"] as const, search.get("status")),
		verified: oneOf(["true", "false"] as const, search.get("verified")),
		sort: oneOf(userSorts, search.get("sort")) ?? DEFAULT_USER_SORT,
		page: parsePageParam(search.get("page")),
	};
}

/**
 * The URL after a change of search, filters or sort: other keys stay, defaults and empty
 * values leave the URL, and the page goes back to the first (its number meant another list).
 */
export function withListChange(search: URLSearchParams, change: ListChange): URLSearchParams {
	const next = new URLSearchParams(search);
	for (const [key, value] of Object.entries(change)) {
		const isDefault = value === undefined || value === "" || (key === "sort" && value === DEFAULT_USER_SORT);
		if (isDefault) next.delete(key);
		else next.set(key, String(value));
	}
	next.delete("page");
	return next;
}

/** Clears the search and the filters; the sort stays, it is how the admin likes to read the list. */
export const CLEAR_FILTERS: ListChange = { q: "", role: undefined, status: undefined, verified: undefined };

export const isFiltered = (params: ListParams) =>
	params.q !== "" || params.role !== undefined || params.status !== undefined || params.verified !== undefined;

/** The admin.list input for these params: only what is set, so an unfiltered list asks what it always asked. */
export function listInput(params: ListParams): UserListParams {
	return {
		skip: (params.page - 1) * PAGE_SIZE,
		limit: PAGE_SIZE,
		...(params.q !== "" && { q: params.q }),
		...(params.role && { role: params.role }),
		...(params.status && { status: params.status }),
		...(params.verified && { verified: params.verified }),
		...(params.sort !== DEFAULT_USER_SORT && { sort: params.sort }),
	};
}

/** A column's sort after a click on its header: the other direction if it is the current one, else its first. */
export function nextSort(current: UserSort, column: "created_at" | "email" | "full_name"): UserSort {
	if (current === column) return `-${column}`;
	if (current === `-${column}`) return column;
	// Newest first is what a date column means at first; names and e-mails start at A.
	return column === "created_at" ? "-created_at" : column;
}

/** aria-sort of a column header. */
export function ariaSort(current: UserSort, column: string): "ascending" | "descending" | undefined {
	if (current === column) return "ascending";
	if (current === `-${column}`) return "descending";
	return undefined;
}
