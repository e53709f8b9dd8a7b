import { z } from "zod";
import { profileImageQuerySchema, profileInputSchema } from "../../../shared/schemas/profile.ts";
import { userIdParamsSchema } from "../../../shared/schemas/users.ts";
import * as profiles from "../../services/account/profile.ts";
import { protectedProcedure, router } from "../init.ts";

export const profileRouter = router({
	get: protectedProcedure.query(async ({ ctx }) => profiles.getProfile(ctx.deps, ctx.user.id)),
	update: protectedProcedure
		.input(profileInputSchema)
		.mutation(async ({ ctx, input }) => profiles.mergeProfile(ctx.deps, ctx.auth, input)),
	replace: protectedProcedure
		.input(profileInputSchema)
		.mutation(async ({ ctx, input }) => profiles.replaceProfile(ctx.deps, ctx.auth, input)),
	remove: protectedProcedure.mutation(async ({ ctx }) => profiles.deleteProfile(ctx.deps, ctx.auth)),
	public: protectedProcedure
		.input(userIdParamsSchema)
		.query(async ({ ctx, input }) => profiles.getPublicProfile(ctx.deps, input.user_id)),
	setImage: protectedProcedure
		.input(z.object({ image_url: profileImageQuerySchema.shape.image_url }))
		.mutation(async ({ ctx, input }) => profiles.setProfileImage(ctx.deps, ctx.auth, input.image_url)),
});
