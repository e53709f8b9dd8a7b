import { identityIdParamsSchema, providerFlowInputSchema } from "../../../shared/schemas/identities.ts";
import { toProvider } from "../../http/provider-flow.ts";
import { mySignInMethods } from "../../services/identities/methods.ts";
import { unlinkOwnIdentity } from "../../services/identities/unlink.ts";
import { startLink } from "../../services/sign-in/oidc/link.ts";
import { startReauthentication } from "../../services/sign-in/oidc/reauth.ts";
import { protectedProcedure, router } from "../init.ts";

/** The caller's identities at sign-in providers: the REST routes' twins (server/rest/identities.ts). */
export const identitiesRouter = router({
	mine: protectedProcedure.query(async ({ ctx }) => mySignInMethods(ctx.deps, ctx.auth)),
	startLink: protectedProcedure
		.input(providerFlowInputSchema)
		.mutation(async ({ ctx, input }) =>
			toProvider(
				ctx.deps.config,
				ctx.res,
				await startLink(ctx.deps, ctx.auth, input.provider, input.return_to, ctx.meta),
			),
		),
	startReauth: protectedProcedure
		.input(providerFlowInputSchema)
		.mutation(async ({ ctx, input }) =>
			toProvider(
				ctx.deps.config,
				ctx.res,
				await startReauthentication(ctx.deps, ctx.auth, input.provider, input.return_to, ctx.meta),
			),
		),
	unlink: protectedProcedure.input(identityIdParamsSchema).mutation(async ({ ctx, input }) => {
		await unlinkOwnIdentity(ctx.deps, ctx.auth, input.identity_id, ctx.meta);
		return null;
	}),
});
