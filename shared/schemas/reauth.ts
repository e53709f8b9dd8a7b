import { z } from "zod";
import { optionalBoundedText } from "./fields.ts";
import { authenticationResponseSchema } from "./passkeys.ts";

/**
 * POST /login/reauthenticate: a fresh proof of identity for the sensitive actions, one of
 * the account's password, a two-factor code (from the app, or a recovery code) or a passkey
 * (the signed challenge of POST /login/reauthenticate/options). With none, the password is
 * what is missing (clients of the password-only form see no change).
 */
export const reauthenticateSchema = z
	.object({
		password: optionalBoundedText(),
		code: optionalBoundedText(),
		passkey: authenticationResponseSchema.optional(),
	})
	.superRefine((value, context) => {
		const given = Object.values(value).filter((proof) => proof !== undefined && proof !== "");
		if (given.length === 0) context.addIssue({ code: "custom", path: ["password"], message: "passwordRequired" });
		if (given.length > 1) context.addIssue({ code: "custom", path: [], message: "oneProofOnly" });
	});
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;
