import { z } from "zod";
import { boundedText } from "./fields.ts";

/**
 * POST /verify-email/ and POST /revert-email/: the token of an e-mailed link. Any string,
 * as for a reset token: a wrong or empty one is "Invalid token" (400).
 */
export const emailLinkSchema = z.object({ token: boundedText("tokenRequired") });
export type EmailLinkInput = z.infer<typeof emailLinkSchema>;

export const emailVerificationModes = ["off", "optional", "required"] as const;
export type EmailVerificationMode = (typeof emailVerificationModes)[number];

/** What the app needs to know to ask for a verification (the banner). */
export const emailVerificationSchema = z.object({ mode: z.enum(emailVerificationModes) });
