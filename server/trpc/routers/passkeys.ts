import {
	passkeyIdParamsSchema,
	passkeyLoginSchema,
	registerPasskeySchema,
	renamePasskeySchema,
} from "../../../shared/schemas/passkeys.ts";
import { tokenReply } from "../../http/session.ts";
import * as passkeys from "../../services/factors/passkeys.ts";
import * as passkeyLogin from "../../services/sign-in/passkey.ts";
import { protectedProcedure, publicProcedure, router } from "../init.ts";

export const passkeysRouter = router({
	list: protectedProcedure.query(async ({ ctx }) => passkeys.listPasskeys(ctx.deps, ctx.auth)),
	registrationOptions: protectedProcedure.mutation(async ({ ctx }) => passkeys.registrationOptions(ctx.deps, ctx.auth)),
	register: protectedProcedure
		.input(registerPasskeySchema)
		.mutation(async ({ ctx, input }) => passkeys.registerPasskey(ctx.deps, ctx.auth, input, ctx.meta)),
	rename: protectedProcedure
		.input(passkeyIdParamsSchema.extend(renamePasskeySchema.shape))
		.mutation(async ({ ctx, input }) => passkeys.renamePasskey(ctx.deps, ctx.auth, input.passkey_id, input)),
	remove: protectedProcedure
		.input(passkeyIdParamsSchema)
		.mutation(async ({ ctx, input }) => passkeys.removePasskey(ctx.deps, ctx.auth, input.passkey_id, ctx.meta)),
	/** Sign in without an e-mail: options, then the signed options. */
	loginOptions: publicProcedure.mutation(async ({ ctx }) => passkeyLogin.loginOptions(ctx.deps, ctx.meta)),
	login: publicProcedure.input(passkeyLoginSchema).mutation(async ({ ctx, input }) => {
		const tokens = await passkeyLogin.loginWithPasskey(ctx.deps, input, ctx.meta);
		return tokenReply(ctx.deps.config, ctx.req, ctx.res, tokens);
	}),
	/** Options for auth.reauthenticate with `passkey`. */
	reauthenticationOptions: protectedProcedure.mutation(async ({ ctx }) =>
		passkeyLogin.reauthenticationOptions(ctx.deps, ctx.auth),
	),
});
