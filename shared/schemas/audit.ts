import { z } from "zod";
import { auditActions } from "../audit-vocabulary.ts";

// The vocabulary lives apart from zod, so that the client's plain-words labels do not pull
// these schemas (and the zod parts they use) into every page's bundle.
export { type AuditAction, auditActionKey, auditActions } from "../audit-vocabulary.ts";

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
