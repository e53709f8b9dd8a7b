import { listQuerySchema, updatePasswordSchema, userUpdateMeSchema } from "../../../shared/schemas/users.ts";
import { emailVerificationMode, resendVerification } from "../../services/account/email-verification.ts";
import { listMyAuditEvents } from "../../services/account/my-activity.ts";
import { deleteMe, updateMe } from "../../services/account/own-account.ts";
import { changePassword } from "../../services/sign-in/password.ts";
import { toUserPublic } from "../../services/users/records.ts";
import { protectedProcedure, router } from "../init.ts";

export const usersRouter = router({
	me: protectedProcedure.query(({ ctx }) => toUserPublic(ctx.user)),
	updateMe: protectedProcedure
		.input(userUpdateMeSchema)
		.mutation(async ({ ctx, input }) => updateMe(ctx.deps, ctx.auth, input, ctx.meta)),
	changePassword: protectedProcedure
		.input(updatePasswordSchema)
		.mutation(async ({ ctx, input }) => changePassword(ctx.deps, ctx.auth, input, ctx.meta)),
	deleteMe: protectedProcedure.mutation(async ({ ctx }) => deleteMe(ctx.deps, ctx.auth, ctx.meta)),
	audit: protectedProcedure
		.input(listQuerySchema)
		.query(async ({ ctx, input }) => listMyAuditEvents(ctx.deps, ctx.auth, input)),
	resendVerification: protectedProcedure.mutation(async ({ ctx }) => resendVerification(ctx.deps, ctx.auth, ctx.meta)),
	emailVerification: protectedProcedure.query(({ ctx }) => emailVerificationMode(ctx.deps)),
});
