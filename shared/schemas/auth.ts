import { z } from "zod";
import { boundedText, email, matching, optionalBoundedText, password } from "./fields.ts";
import type { ValidationMessageKey } from "./messages.ts";

/** Required free text of at most 255 characters (the failed-login back-off keys on the username). */
const required = (key: ValidationMessageKey) => boundedText(key).min(1, { message: key });

/**
 * POST /login/access-token (and the tRPC login): the OAuth2 password form, read as
 * FastAPI's OAuth2PasswordRequestForm reads it: two required strings and no other rule,
 * so a short wrong password is a wrong password (400), not a 422; only beyond 255
 * characters (no e-mail or password is that long) is a field refused.
 */
export const loginSchema = z.object({
	// Lower-cased, not checked: e-mails are case-insensitive, and the failed-login back-off
	// must count USER@ and user@ as one account.
	username: required("emailRequired").transform((value) => value.toLowerCase()),
	password: required("passwordRequired"),
	/** For one-shot scripts: the two-factor code along with the password, instead of a second step. */
	totp_code: optionalBoundedText(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The login screen: the product's rules (an e-mail, a password of at least 8). */
export const loginFormSchema = z.object({
	username: email(),
	password: password(),
});

export const tokenPairSchema = z.object({
	access_token: z.string(),
	refresh_token: z.string(),
	token_type: z.literal("bearer"),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshSchema = z.object({ refresh_token: required("tokenRequired") });

export const logoutSchema = z.object({ refresh_token: optionalBoundedText() }).default({});

/**
 * A logout's answer. `end_session_url`, for a session made through a provider with
 * `OIDC_<ID>_LOGOUT=provider`: where the browser goes next, to end the provider's session too.
 */
export const logoutResultSchema = z.object({ message: z.string(), end_session_url: z.string().optional() });
export type LogoutResult = z.infer<typeof logoutResultSchema>;

export const recoverPasswordSchema = z.object({ email: email() });

const resetMatch = matching<{ new_password: string; confirm_password?: string }>(
	"new_password",
	"confirm_password",
	"passwordsDoNotMatch",
);
const resetFields = {
	// Any string: a wrong or empty token is "Invalid token" (400), as in the FastAPI template.
	token: boundedText("tokenRequired"),
	new_password: password(),
	confirm_password: optionalBoundedText(),
};

/** POST /reset-password/. */
export const resetPasswordSchema = z.object(resetFields).refine(resetMatch.check, resetMatch.params);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
	.object({
		...resetFields,
		token: required("tokenRequired"),
		confirm_password: required("confirmPasswordRequired"),
	})
	.refine(resetMatch.check, resetMatch.params);

/**
 * POST /reset-password/link (and the tRPC auth.passwordLink): what the screen of a
 * password link may say before it is spent: the address it sets a password for, and
 * whether it is an invitation (the account has no password yet).
 */
export const passwordLinkSchema = z.object({ token: boundedText("tokenRequired") });
export const passwordLinkInfoSchema = z.object({ email: z.string(), invitation: z.boolean() });
export type PasswordLinkInfo = z.infer<typeof passwordLinkInfoSchema>;
