import { z } from "zod";
import { type AuditAction, auditActions, isAuditAction } from "../audit-actions.ts";
import { CONTROL_CHARACTERS, uuid } from "./fields.ts";
import { listQuerySchema } from "./users.ts";

export { type AuditAction, auditActionKey, auditActions, isAuditAction } from "../audit-actions.ts";

export const auditEventSchema = z.object({
	id: z.number().int(),
	at: z.string(),
	action: z.enum(auditActions),
	actor_id: z.string().nullable(),
	actor_email: z.string().nullable(),
	subject_id: z.string().nullable(),
	subject_email: z.string().nullable(),
	ip: z.string().nullable(),
	user_agent: z.string().nullable(),
	details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventsSchema = z.object({ data: z.array(auditEventSchema), count: z.number().int() });
export type AuditEvents = z.infer<typeof auditEventsSchema>;

/**
 * `action`: one action, the parameter repeated (`?action=a&action=b`) or a comma list
 * (`?action=a,b`); any of them matches. A name outside the vocabulary is refused.
 */
const actionsField = () =>
	z
		.union([z.string({ error: "auditActionInvalid" }), z.array(z.string({ error: "auditActionInvalid" }))], {
			error: "auditActionInvalid",
		})
		.optional()
		.transform((value, ctx): AuditAction[] | undefined => {
			if (value === undefined) return undefined;
			const names = (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(",")).map((s) => s.trim());
			if (names.every(isAuditAction)) return names;
			ctx.addIssue({ code: "invalid_value", values: [...auditActions], input: value, message: "auditActionInvalid" });
			return z.NEVER;
		})
		.describe(`One or more of: ${auditActions.join(", ")}; repeated or comma-separated, any of them matches`);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const dateTimeFormat = z.iso.datetime({ offset: true, local: true });
const dateFormat = z.iso.date();

/**
 * An ISO 8601 instant, in milliseconds. A date and time without an offset is UTC. A date
 * alone stands for the whole UTC day: its first millisecond as a start (`since`), its
 * last as an end (`until`), so `since=D&until=D` is the day D.
 */
const instantField = (end: "start" | "end") =>
	z
		.string({ error: "dateTimeInvalid" })
		.trim()
		.transform((value, ctx): number => {
			if (DATE_ONLY.test(value) && dateFormat.safeParse(value).success) {
				const day = Date.parse(`${value}T00:00:00Z`);
				return end === "start" ? day : day + DAY_MS - 1;
			}
			// Seconds may be left out (`T09:00Z`), which the format check below wants written.
			const full = value.replace(/(T\d{2}:\d{2})(?=$|Z|[+-]\d{2}:\d{2}$)/i, "$1:00");
			if (dateTimeFormat.safeParse(full).success) {
				const hasOffset = /(Z|[+-]\d{2}:\d{2})$/i.test(full);
				const at = Date.parse(hasOffset ? full : `${full}Z`);
				if (Number.isFinite(at)) return at;
			}
			ctx.addIssue({ code: "invalid_format", format: "datetime", input: value, message: "dateTimeInvalid" });
			return z.NEVER;
		});

/**
 * What the audit log can be narrowed to (GET /audit/, its CSV export, tRPC audit.list).
 * `user` is the start of an e-mail, any case, matched against the actor's and the
 * subject's e-mail as each row recorded them: `ada@example.com` finds her rows,
 * `ada@` too, and a former address finds the rows written while it was hers.
 */
export const auditFilterSchema = z.object({
	action: actionsField(),
	actor_id: uuid().optional().describe("Who did it"),
	subject_id: uuid().optional().describe("Whom it is about"),
	user: z
		.string({ error: "mustBeText" })
		.trim()
		.max(255, { message: "textTooLong" })
		.refine((value) => !CONTROL_CHARACTERS.test(value), { message: "noControlCharacters" })
		.transform((value) => (value === "" ? undefined : value.toLowerCase()))
		.optional()
		.describe("The start of the actor's or the subject's e-mail, any case"),
	since: instantField("start")
		.optional()
		.describe("From this instant (ISO 8601, inclusive; UTC without an offset; a date alone: from its start)"),
	until: instantField("end")
		.optional()
		.describe("Up to this instant (ISO 8601, inclusive; UTC without an offset; a date alone: to its end)"),
});
export type AuditFilterInput = z.input<typeof auditFilterSchema>;
export type AuditFilterQuery = z.output<typeof auditFilterSchema>;

/** A page of the audit log: the filters plus `skip` and `limit` as every list has them. */
export const auditQuerySchema = auditFilterSchema.extend(listQuerySchema.shape);
export type AuditQueryInput = z.input<typeof auditQuerySchema>;
export type AuditQuery = z.output<typeof auditQuerySchema>;
