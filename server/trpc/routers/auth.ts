import {
	loginSchema,
	logoutSchema,
	passwordLinkSchema,
	recoverPasswordSchema,
	refreshSchema,
	resetPasswordSchema,
} from "../../../shared/schemas/auth.ts";
import { emailLinkSchema } from "../../../shared/schemas/email-links.ts";
import { reauthenticateSchema } from "../../../shared/schemas/reauth.ts";
import { signupSchema } from "../../../shared/schemas/users.ts";
import { clearSessionCookie, tokenReply } from "../../http/session.ts";
import { revertEmailChange } from "../../services/account/email-revert.ts";
import { verifyEmail } from "../../services/account/email-verification.ts";
import { signup } from "../../services/account/own-account.ts";
import { describePasswordLink } from "../../services/account/password-link.ts";
import { requestPasswordRecovery, resetPassword } from "../../services/account/password-reset.ts";
import * as auth from "../../services/sign-in/password.ts";
import { protectedProcedure, publicProcedure, router } from "../init.ts";

export const authRouter = router({
	login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
		const tokens = await auth.login(ctx.deps, input, ctx.meta);
		return tokenReply(ctx.deps.config, ctx.req, ctx.res, tokens);
	}),
	refresh: publicProcedure.input(refreshSchema).mutation(async ({ ctx, input }) => {
		const tokens = await auth.refresh(ctx.deps, input.refresh_token, ctx.meta);
		return tokenReply(ctx.deps.config, ctx.req, ctx.res, tokens);
	}),
	logout: protectedProcedure.input(logoutSchema).mutation(async ({ ctx, input }) => {
		clearSessionCookie(ctx.res);
		return await auth.logout(ctx.deps, ctx.auth, input.refresh_token, ctx.meta);
	}),
	reauthenticate: protectedProcedure
		.input(reauthenticateSchema)
		.mutation(async ({ ctx, input }) => auth.reauthenticate(ctx.deps, ctx.auth, input, ctx.meta)),
	logoutAll: protectedProcedure.mutation(async ({ ctx }) => {
		clearSessionCookie(ctx.res);
		return await auth.logoutAll(ctx.deps, ctx.auth, ctx.meta);
	}),
	signup: publicProcedure.input(signupSchema).mutation(async ({ ctx, input }) => signup(ctx.deps, input, ctx.meta)),
	recoverPassword: publicProcedure
		.input(recoverPasswordSchema)
		.mutation(({ ctx, input }) =>
			requestPasswordRecovery(ctx.deps, input.email, ctx.req.headers["accept-language"], ctx.meta),
		),
	resetPassword: publicProcedure
		.input(resetPasswordSchema)
		.mutation(async ({ ctx, input }) => resetPassword(ctx.deps, input, ctx.meta)),
	// A mutation (POST), not a query: the token stays out of URLs and logs.
	passwordLink: publicProcedure
		.input(passwordLinkSchema)
		.mutation(async ({ ctx, input }) => describePasswordLink(ctx.deps, input.token, ctx.meta)),
	verifyEmail: publicProcedure
		.input(emailLinkSchema)
		.mutation(async ({ ctx, input }) => verifyEmail(ctx.deps, input, ctx.meta)),
	revertEmail: publicProcedure
		.input(emailLinkSchema)
		.mutation(async ({ ctx, input }) => revertEmailChange(ctx.deps, input, ctx.meta)),
});
