import { Readable } from "node:stream";
import type { AuditEvent, AuditFilterQuery } from "../../../shared/schemas/audit.ts";
import { csvLine } from "../../lib/csv.ts";
import type { ServiceDeps } from "../deps.ts";
import { auditFilterOf, iterateAuditEvents } from "./log.ts";

/** The CSV's columns: the same names, in the same order, as an event of GET /audit/. */
export const AUDIT_CSV_COLUMNS = [
	"id",
	"at",
	"action",
	"actor_id",
	"actor_email",
	"subject_id",
	"subject_email",
	"ip",
	"user_agent",
	"details",
] as const satisfies readonly (keyof AuditEvent)[];

/** Rows per chunk pushed to the socket: big enough to send few chunks, small enough to hold little. */
const ROWS_PER_CHUNK = 200;

const csvRowOf = (event: AuditEvent) =>
	csvLine(AUDIT_CSV_COLUMNS.map((column) => (column === "details" ? JSON.stringify(event.details) : event[column])));

async function* auditCsvChunks(deps: ServiceDeps, query: AuditFilterQuery): AsyncGenerator<string> {
	yield csvLine(AUDIT_CSV_COLUMNS);
	let chunk = "";
	let rows = 0;
	for await (const event of iterateAuditEvents(deps, auditFilterOf(query))) {
		chunk += csvRowOf(event);
		if (++rows % ROWS_PER_CHUNK === 0) {
			yield chunk;
			chunk = "";
		}
	}
	if (chunk !== "") yield chunk;
}

/**
 * The matching events, newest first, as a CSV stream of any length. It reads the next
 * batch from the database only when the reader wants more (back-pressure), so memory
 * stays flat and the first rows leave before the last are read.
 */
export const auditCsvStream = async (deps: ServiceDeps, query: AuditFilterQuery): Promise<Readable> =>
	Readable.from(await auditCsvChunks(deps, query), { objectMode: false, highWaterMark: 64 * 1024 });

/** `audit-2025-01-31.csv`: the day of the export, in UTC. */
export const auditCsvFileName = (deps: ServiceDeps): string =>
	`audit-${new Date(deps.clock()).toISOString().slice(0, 10)}.csv`;
