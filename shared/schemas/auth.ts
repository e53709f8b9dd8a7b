import { z } from "zod";
import { email, matching, password, text } from "./fields.ts";

/** POST /login/access-token: the OAuth2 password form; `username` is the e-mail. */
export const loginSchema = z.object({
	username: email(),
	password: password(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const tokenPairSchema = z.object({
	access_token: z.string(),
	refresh_token: z.string(),
	token_type: z.literal("bearer"),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshSchema = z.object({ refresh_token: text("tokenRequired").min(1, { message: "tokenRequired" }) });

export const logoutSchema = z.object({ refresh_token: z.string({ error: "mustBeText" }).optional() }).default({});

export const recoverPasswordSchema = z.object({ email: email() });

const resetMatch = matching<{ new_password: string; confirm_password?: string }>(
	"new_password",
	"confirm_password",
	"passwordsDoNotMatch",
);
const resetFields = {
	token: text("tokenRequired").min(1, { message: "tokenRequired" }),
	new_password: password(),
	confirm_password: z.string({ error: "mustBeText" }).optional(),
};

/** POST /reset-password/. */
export const resetPasswordSchema = z.object(resetFields).refine(resetMatch.check, resetMatch.params);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
	.object({
		...resetFields,
		confirm_password: text("confirmPasswordRequired").min(1, { message: "confirmPasswordRequired" }),
	})
	.refine(resetMatch.check, resetMatch.params);
