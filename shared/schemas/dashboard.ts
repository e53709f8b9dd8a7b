import { z } from "zod";
import { deviceTypes } from "../user-agent.ts";

/** Where and how the account last signed in before the session asking. */
export const lastSignInSchema = z.object({
	at: z.string(),
	ip: z.string().nullable(),
	browser: z.string().nullable(),
	os: z.string().nullable(),
	device_type: z.enum(deviceTypes),
});
export type LastSignIn = z.infer<typeof lastSignInSchema>;

/** The account at a glance, for its owner's dashboard (GET /users/me/summary, dashboard.account). */
export const accountSummarySchema = z.object({
	email_verified: z.boolean(),
	two_factor_enabled: z.boolean(),
	passkeys: z.number().int(),
	/** Live sessions, the one asking included. */
	active_sessions: z.number().int(),
	/** The sign-in before the one that started the asking session; null when there was none. */
	last_sign_in: lastSignInSchema.nullable(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** Everyone's accounts in numbers, for a superuser (GET /users/summary, dashboard.users). */
export const usersSummarySchema = z.object({
	users: z.number().int(),
	inactive_users: z.number().int(),
	/** Accounts created in the last 7 days, however they were made (sign-up, admin, invitation). */
	signups_last_7_days: z.number().int(),
});
export type UsersSummary = z.infer<typeof usersSummarySchema>;
