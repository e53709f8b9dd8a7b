import { type AuditAction, isAuditAction } from "../../../shared/audit-actions.ts";
import type { AuditFilterInput, AuditQueryInput } from "../../../shared/schemas/audit.ts";
import { parsePageParam } from "../../lib/page-param.ts";

export const AUDIT_PAGE_SIZE = 20;

/**
 * The screen's filters as the URL keeps them (`?action=&user=&since=&until=&page=`):
 * days are the user's own calendar days, `YYYY-MM-DD`.
 */
export type AuditLogFilters = {
	action: AuditAction | null;
	user: string;
	since: string;
	until: string;
};

export const NO_FILTERS: AuditLogFilters = { action: null, user: "", since: "", until: "" };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a real day, as the date input writes it. */
export function isDay(value: string): boolean {
	const match = DAY.exec(value);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
	const date = new Date(year, month - 1, day);
	return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** What the URL says, with anything unusable (an unknown action, a day that is no day) left out. */
export function readAuditParams(params: URLSearchParams): { filters: AuditLogFilters; page: number } {
	const action = params.get("action");
	const since = params.get("since") ?? "";
	const until = params.get("until") ?? "";
	return {
		filters: {
			action: isAuditAction(action) ? action : null,
			user: (params.get("user") ?? "").trim(),
			since: isDay(since) ? since : "",
			until: isDay(until) ? until : "",
		},
		page: parsePageParam(params.get("page")),
	};
}

/** The URL's parameters after a change of filters: empty ones are dropped and paging starts again. */
export function withFilters(params: URLSearchParams, change: Partial<AuditLogFilters>): URLSearchParams {
	const next = new URLSearchParams(params);
	for (const [key, value] of Object.entries(change)) {
		if (value === null || value === "") next.delete(key);
		else next.set(key, value);
	}
	next.delete("page");
	return next;
}

export const hasFilters = (filters: AuditLogFilters): boolean =>
	filters.action !== null || filters.user !== "" || filters.since !== "" || filters.until !== "";

const dayParts = (day: string) => day.split("-").map(Number) as [number, number, number];

/** The first millisecond of a day of the user's calendar, as an instant. */
export function startOfLocalDay(day: string): string {
	const [year, month, date] = dayParts(day);
	return new Date(year, month - 1, date).toISOString();
}

/** The last millisecond of a day of the user's calendar (the next day's start, less one: DST days are not 24 h). */
export function endOfLocalDay(day: string): string {
	const [year, month, date] = dayParts(day);
	return new Date(new Date(year, month - 1, date + 1).getTime() - 1).toISOString();
}

/** The filters as the API takes them: the days become instants of the user's time zone. */
export function auditFilterInput(filters: AuditLogFilters): AuditFilterInput {
	return {
		...(filters.action && { action: [filters.action] }),
		...(filters.user && { user: filters.user }),
		...(filters.since && { since: startOfLocalDay(filters.since) }),
		...(filters.until && { until: endOfLocalDay(filters.until) }),
	};
}

/** One page of the list. */
export const auditListInput = (filters: AuditLogFilters, page: number): AuditQueryInput => ({
	...auditFilterInput(filters),
	skip: (page - 1) * AUDIT_PAGE_SIZE,
	limit: AUDIT_PAGE_SIZE,
});

export const AUDIT_EXPORT_PATH = "/api/v1/audit/export.csv";

/** The export's URL with the same filters as the list. */
export function auditExportUrl(filters: AuditLogFilters): string {
	const search = new URLSearchParams();
	for (const [key, value] of Object.entries(auditFilterInput(filters))) {
		search.set(key, Array.isArray(value) ? value.join(",") : String(value));
	}
	const query = search.toString();
	return query ? `${AUDIT_EXPORT_PATH}?${query}` : AUDIT_EXPORT_PATH;
}

/** The file name the server gave (`attachment; filename="audit-2025-03-10.csv"`), else a plain one. */
export function attachmentName(contentDisposition: string | null): string {
	const name = /filename="([^"]+)"/.exec(contentDisposition ?? "")?.[1];
	return name && /^[\w.-]+$/.test(name) ? name : "audit.csv";
}
