import { lt } from "drizzle-orm";
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import { changedRows } from "../../db/query.ts";
import { auditEvents, type UserRow } from "../../db/schema.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";

/** A detail value: plain facts (field names, counts, a device name), never a secret. */
type DetailValue = string | number | boolean | null | string[] | Readonly<Record<string, string>>;

export type AuditRecord = {
	action: AuditAction;
	/** Who did it: the user themself, an admin, or nobody (an operator at the CLI, a link). */
	actor?: Pick<UserRow, "id" | "email"> | null;
	/** Whom it is about. */
	subject?: Pick<UserRow, "id" | "email"> | null;
	meta?: RequestMeta;
	details?: Record<string, DetailValue>;
};

/** Keys that would name a secret: refused outright, so a careless detail fails its test instead of leaking. */
const SECRET_KEY = /password|token|secret|code|hash|otp|key/i;

/**
 * Writes one audit row. Call it inside the transaction of the change it records (with
 * `atomically`), so there is never a change without its record, nor a record of a change
 * that rolled back.
 */
export async function recordAudit(deps: ServiceDeps, record: AuditRecord): Promise<void> {
	const details = record.details ?? {};
	const secretKey = Object.keys(details).find((key) => SECRET_KEY.test(key));
	if (secretKey !== undefined) throw new Error(`audit details must not carry "${secretKey}"`);
	await deps.db.insert(auditEvents).values({
		at: deps.clock(),
		action: record.action,
		actorId: record.actor?.id ?? null,
		actorEmail: record.actor?.email ?? null,
		subjectId: record.subject?.id ?? null,
		subjectEmail: record.subject?.email ?? null,
		ip: record.meta?.ip ?? null,
		userAgent: record.meta?.userAgent?.slice(0, 512) ?? null,
		// Written through a personal access token: the row says which (docs/decisions/037).
		details: JSON.stringify(record.meta?.via ? { ...details, via: record.meta.via } : details),
	});
}

/** Deletes events older than AUDIT_RETENTION; run at start and daily. Returns how many went. */
export async function sweepAuditEvents(deps: ServiceDeps): Promise<number> {
	const cutoff = deps.clock() - deps.config.auditRetentionMs;
	return await changedRows(deps.db.delete(auditEvents).where(lt(auditEvents.at, cutoff)));
}
