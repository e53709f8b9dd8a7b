import { createTokenSchema, tokenIdParamsSchema, tokenListQuerySchema } from "../../../shared/schemas/tokens.ts";
import { userIdParamsSchema } from "../../../shared/schemas/users.ts";
import {
	createToken,
	listAllTokens,
	listMyTokens,
	listUserTokens,
	revokeMyToken,
	revokeUserToken,
} from "../../services/tokens/manage.ts";
import { adminProcedure, protectedProcedure, router } from "../init.ts";

/** Personal access tokens for the screens (REST: /users/me/tokens, /tokens/, /users/{id}/tokens). */
export const tokensRouter = router({
	list: protectedProcedure.query(async ({ ctx }) => listMyTokens(ctx.deps, ctx.auth)),
	create: protectedProcedure
		.input(createTokenSchema)
		.mutation(async ({ ctx, input }) => createToken(ctx.deps, ctx.auth, input, ctx.meta)),
	revoke: protectedProcedure
		.input(tokenIdParamsSchema)
		.mutation(async ({ ctx, input }) => revokeMyToken(ctx.deps, ctx.auth, input.token_id, ctx.meta)),
	listAll: adminProcedure
		.input(tokenListQuerySchema)
		.query(async ({ ctx, input }) => listAllTokens(ctx.deps, ctx.auth, input)),
	listOfUser: adminProcedure
		.input(userIdParamsSchema)
		.query(async ({ ctx, input }) => listUserTokens(ctx.deps, ctx.auth, input.user_id)),
	revokeOfUser: adminProcedure
		.input(userIdParamsSchema.merge(tokenIdParamsSchema))
		.mutation(async ({ ctx, input }) => revokeUserToken(ctx.deps, ctx.auth, input.user_id, input.token_id, ctx.meta)),
});
