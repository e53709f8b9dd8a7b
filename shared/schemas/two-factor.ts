import { z } from "zod";
import { text } from "./fields.ts";

/**
 * A two-factor code as typed: a 6-digit code from the app or a recovery code. Any short
 * string passes here: a wrong code is "Invalid two-factor code" (400), as a wrong
 * password is "Incorrect password", not a validation error.
 */
export const twoFactorCode = () =>
	text("codeRequired").trim().min(1, { message: "codeRequired" }).max(255, { message: "textTooLong" });

/** POST /users/me/totp/enable: the first code of the app, proving it holds the secret. */
export const totpCodeSchema = z.object({ code: twoFactorCode() });
export type TotpCodeInput = z.infer<typeof totpCodeSchema>;

/** The answer of POST /users/me/totp/setup; nothing is enabled until a code comes back. */
export const totpSetupSchema = z.object({
	/** 160 bits in base32, for typing into an app. */
	secret: z.string(),
	otpauth_url: z.string(),
	/** The otpauth URL as a QR code, an SVG document made by the server. */
	qr_svg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** New recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorStatusSchema = z.object({
	enabled: z.boolean(),
	enabled_at: z.string().nullable(),
	recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /login/mfa: the token of a right password, and a code from the app or a recovery code. */
export const mfaLoginSchema = z.object({
	mfa_token: text("tokenRequired").min(1, { message: "tokenRequired" }).max(255, { message: "textTooLong" }),
	code: twoFactorCode(),
});
export type MfaLoginInput = z.infer<typeof mfaLoginSchema>;
