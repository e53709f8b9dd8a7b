import { mfaLoginSchema, totpCodeSchema } from "../../../shared/schemas/two-factor.ts";
import { userIdParamsSchema } from "../../../shared/schemas/users.ts";
import { tokenReply } from "../../http/session.ts";
import * as twoFactor from "../../services/factors/two-factor.ts";
import { completeMfaLogin } from "../../services/sign-in/two-factor.ts";
import { adminProcedure, protectedProcedure, publicProcedure, router } from "../init.ts";

export const twoFactorRouter = router({
	status: protectedProcedure.query(async ({ ctx }) => twoFactor.twoFactorStatus(ctx.deps, ctx.user)),
	setup: protectedProcedure.mutation(async ({ ctx }) => twoFactor.setupTwoFactor(ctx.deps, ctx.auth)),
	enable: protectedProcedure
		.input(totpCodeSchema)
		.mutation(async ({ ctx, input }) => twoFactor.enableTwoFactor(ctx.deps, ctx.auth, input, ctx.meta)),
	disable: protectedProcedure.mutation(async ({ ctx }) => twoFactor.disableTwoFactor(ctx.deps, ctx.auth, ctx.meta)),
	regenerateRecoveryCodes: protectedProcedure.mutation(async ({ ctx }) =>
		twoFactor.regenerateRecoveryCodes(ctx.deps, ctx.auth, ctx.meta),
	),
	/** The second login step. */
	completeLogin: publicProcedure.input(mfaLoginSchema).mutation(async ({ ctx, input }) => {
		const tokens = await completeMfaLogin(ctx.deps, input, ctx.meta);
		return tokenReply(ctx.deps.config, ctx.req, ctx.res, tokens);
	}),
	/** A user's status, for a superuser about to reset it. */
	statusOf: adminProcedure
		.input(userIdParamsSchema)
		.query(async ({ ctx, input }) => twoFactor.twoFactorStatusOf(ctx.deps, input.user_id)),
	/** A superuser turns off a user's two-factor (lost phone and recovery codes). */
	reset: adminProcedure
		.input(userIdParamsSchema)
		.mutation(async ({ ctx, input }) => twoFactor.resetTwoFactor(ctx.deps, ctx.auth, input.user_id, ctx.meta)),
});
