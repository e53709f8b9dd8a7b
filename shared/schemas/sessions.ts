import { z } from "zod";
import { deviceTypes } from "../user-agent.ts";
import { lookupKey } from "./fields.ts";

/** One signed-in device as its owner (or a superuser) sees it; `id` is the tokens' public half. */
export const sessionPublicSchema = z.object({
	id: z.string(),
	created_at: z.string(),
	last_seen_at: z.string(),
	expires_at: z.string(),
	ip: z.string().nullable(),
	/** The raw User-Agent header. */
	user_agent: z.string().nullable(),
	browser: z.string().nullable(),
	os: z.string().nullable(),
	device_type: z.enum(deviceTypes),
	/** The session of the request that asked. */
	current: z.boolean(),
});
export type SessionPublic = z.infer<typeof sessionPublicSchema>;

export const sessionsPublicSchema = z.object({ data: z.array(sessionPublicSchema), count: z.number().int() });
export type SessionsPublic = z.infer<typeof sessionsPublicSchema>;

/** Any string: an id that is not one of the caller's live sessions, malformed or not, is a 404. */
export const sessionIdParamsSchema = z.object({ session_id: lookupKey() });
