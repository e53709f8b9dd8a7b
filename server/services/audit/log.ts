import { type AnyColumn, and, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type {
	AuditAction,
	AuditEvent,
	AuditEvents,
	AuditFilterQuery,
	AuditQuery,
} from "../../../shared/schemas/audit.ts";
import { first } from "../../db/query.ts";
import { type AuditEventRow, auditEvents } from "../../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";

/** What a reader of the log may narrow it to; times are milliseconds since the epoch. */
export type AuditFilter = {
	actions?: AuditAction[];
	actorId?: string;
	subjectId?: string;
	/** Either the actor or the subject (a user's whole history). */
	userId?: string;
	/** The start of the actor's or the subject's e-mail as the row recorded it, lower-cased. */
	userEmailPrefix?: string;
	since?: number;
	until?: number;
};

export const toAuditEvent = (row: AuditEventRow): AuditEvent => ({
	id: row.id,
	at: new Date(row.at).toISOString(),
	action: row.action as AuditAction,
	actor_id: row.actorId,
	actor_email: row.actorEmail,
	subject_id: row.subjectId,
	subject_email: row.subjectEmail,
	ip: row.ip,
	user_agent: row.userAgent,
	details: JSON.parse(row.details) as Record<string, unknown>,
});

/**
 * A prefix compared as text rather than LIKE: `%` and `_` in what was typed stay plain
 * characters; `substr` counts characters alike on SQLite and PostgreSQL. E-mails are stored lower-cased.
 */
const startsWith = (column: AnyColumn, prefix: string) => sql`substr(${column}, 1, ${[...prefix].length}) = ${prefix}`;
const emailStartsWith = (prefix: string) =>
	or(startsWith(auditEvents.actorEmail, prefix), startsWith(auditEvents.subjectEmail, prefix));

function whereOf(filter: AuditFilter): SQL | undefined {
	const conditions = [
		filter.actions?.length ? inArray(auditEvents.action, filter.actions) : undefined,
		filter.actorId !== undefined ? eq(auditEvents.actorId, filter.actorId) : undefined,
		filter.subjectId !== undefined ? eq(auditEvents.subjectId, filter.subjectId) : undefined,
		filter.userId !== undefined
			? or(eq(auditEvents.actorId, filter.userId), eq(auditEvents.subjectId, filter.userId))
			: undefined,
		filter.userEmailPrefix !== undefined ? emailStartsWith(filter.userEmailPrefix) : undefined,
		filter.since !== undefined ? gte(auditEvents.at, filter.since) : undefined,
		filter.until !== undefined ? lte(auditEvents.at, filter.until) : undefined,
	].filter((condition) => condition !== undefined);
	return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of events, newest first, with the count of all that match. Ordered by time then
 * id (the order they were written within a millisecond): every index of the table ends
 * with `at` and, implicitly, the id, so a filtered page reads its 20 rows from the index
 * in order instead of sorting every match.
 */
export async function queryAuditEvents(
	{ db }: ServiceDeps,
	filter: AuditFilter,
	page: { skip: number; limit: number },
): Promise<{ data: AuditEvent[]; count: number }> {
	const where = whereOf(filter);
	const rows = await db
		.select()
		.from(auditEvents)
		.where(where)
		.orderBy(desc(auditEvents.at), desc(auditEvents.id))
		.limit(page.limit)
		.offset(page.skip);
	const total = (await first(db.select({ value: count() }).from(auditEvents).where(where)))?.value ?? 0;
	return { data: rows.map(toAuditEvent), count: total };
}

/**
 * Every matching event, newest first as in a page, a batch at a time (for a streamed
 * export of any size). It pages by (time, id) from the last row read, so events written
 * meanwhile neither repeat nor shift the batches.
 */
export async function* iterateAuditEvents(
	{ db }: ServiceDeps,
	filter: AuditFilter,
	batch = 500,
): AsyncGenerator<AuditEvent> {
	let last: AuditEventRow | undefined;
	for (;;) {
		const after = last
			? or(lt(auditEvents.at, last.at), and(eq(auditEvents.at, last.at), lt(auditEvents.id, last.id)))
			: undefined;
		const rows = await db
			.select()
			.from(auditEvents)
			.where(and(whereOf(filter), after))
			.orderBy(desc(auditEvents.at), desc(auditEvents.id))
			.limit(batch);
		yield* rows.map(toAuditEvent);
		if (rows.length < batch) return;
		last = rows.at(-1);
	}
}

/** The filter of the audit log's query parameters (GET /audit/, its export, tRPC audit.list). */
export const auditFilterOf = (query: AuditFilterQuery): AuditFilter => ({
	actions: query.action,
	actorId: query.actor_id,
	subjectId: query.subject_id,
	userEmailPrefix: query.user,
	since: query.since,
	until: query.until,
});

/** A page of the whole audit log for a superuser (the route and the procedure check who asks). */
export const listAuditLog = async (deps: ServiceDeps, query: AuditQuery): Promise<AuditEvents> =>
	queryAuditEvents(deps, auditFilterOf(query), { skip: query.skip, limit: query.limit });
