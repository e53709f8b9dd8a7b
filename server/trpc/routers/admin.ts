import { z } from "zod";
import { adminProviderIdParamsSchema, userIdentityParamsSchema } from "../../../shared/schemas/identities.ts";
import { userListQuerySchema } from "../../../shared/schemas/user-list.ts";
import { userCreateSchema, userIdParamsSchema, userUpdateSchema } from "../../../shared/schemas/users.ts";
import {
	createUser,
	deleteUser,
	getUser,
	resendInvitation,
	revokeInvitation,
	updateUser,
} from "../../services/admin/users.ts";
import { identitiesOfUser } from "../../services/identities/methods.ts";
import { unlinkIdentityAsAdmin } from "../../services/identities/unlink.ts";
import { checkProvider, listAdminProviders } from "../../services/sign-in/oidc/admin-providers.ts";
import { listUserSessions, revokeUserSessionsAsAdmin } from "../../services/users/devices.ts";
import { listUsers } from "../../services/users/list.ts";
import { adminProcedure, router } from "../init.ts";

export const adminRouter = router({
	list: adminProcedure.input(userListQuerySchema).query(async ({ ctx, input }) => listUsers(ctx.deps, input)),
	get: adminProcedure
		.input(userIdParamsSchema)
		.query(async ({ ctx, input }) => getUser(ctx.deps, ctx.user, input.user_id)),
	create: adminProcedure
		.input(userCreateSchema)
		.mutation(async ({ ctx, input }) =>
			createUser(ctx.deps, ctx.auth, input, ctx.meta, ctx.req.headers["accept-language"]),
		),
	invite: adminProcedure
		.input(userIdParamsSchema)
		.mutation(async ({ ctx, input }) =>
			resendInvitation(ctx.deps, ctx.auth, input.user_id, ctx.req.headers["accept-language"], ctx.meta),
		),
	revokeInvitation: adminProcedure
		.input(userIdParamsSchema)
		.mutation(async ({ ctx, input }) => revokeInvitation(ctx.deps, ctx.auth, input.user_id, ctx.meta)),
	update: adminProcedure
		.input(z.object({ ...userIdParamsSchema.shape, ...userUpdateSchema.shape }))
		.mutation(async ({ ctx, input: { user_id, ...changes } }) =>
			updateUser(ctx.deps, ctx.auth, user_id, changes, ctx.meta),
		),
	delete: adminProcedure
		.input(userIdParamsSchema)
		.mutation(async ({ ctx, input }) => deleteUser(ctx.deps, ctx.auth, input.user_id, ctx.meta)),
	sessions: adminProcedure
		.input(userIdParamsSchema)
		.query(async ({ ctx, input }) => listUserSessions(ctx.deps, ctx.auth, input.user_id)),
	revokeSessions: adminProcedure
		.input(userIdParamsSchema)
		.mutation(async ({ ctx, input }) => revokeUserSessionsAsAdmin(ctx.deps, ctx.auth, input.user_id, ctx.meta)),
	identities: adminProcedure
		.input(userIdParamsSchema)
		.query(async ({ ctx, input }) => identitiesOfUser(ctx.deps, input.user_id)),
	unlinkIdentity: adminProcedure.input(userIdentityParamsSchema).mutation(async ({ ctx, input }) => {
		await unlinkIdentityAsAdmin(ctx.deps, ctx.auth, input.user_id, input.identity_id, ctx.meta);
		return null;
	}),
	providers: adminProcedure.query(({ ctx }) => listAdminProviders(ctx.deps)),
	checkProvider: adminProcedure
		.input(adminProviderIdParamsSchema)
		.mutation(async ({ ctx, input }) => checkProvider(ctx.deps, input.id)),
});
