import { z } from "zod";
import type { ErrorReason } from "../../shared/errors.ts";
import {
	adminProviderIdParamsSchema,
	adminProviderListSchema,
	authorizationUrlSchema,
	identityIdParamsSchema,
	identityListSchema,
	providerCheckSchema,
	providerFlowStartSchema,
	providerIdParamsSchema,
	signInMethodsSchema,
	userIdentityParamsSchema,
} from "../../shared/schemas/identities.ts";
import { userIdParamsSchema } from "../../shared/schemas/users.ts";
import { toProvider } from "../http/provider-flow.ts";
import { requestMeta } from "../http/session.ts";
import { identitiesOfUser, mySignInMethods } from "../services/identities/methods.ts";
import { unlinkIdentityAsAdmin, unlinkOwnIdentity } from "../services/identities/unlink.ts";
import { checkProvider, listAdminProviders } from "../services/sign-in/oidc/admin-providers.ts";
import { startLink } from "../services/sign-in/oidc/link.ts";
import { startReauthentication } from "../services/sign-in/oidc/reauth.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule, sessionOf } from "./types.ts";

const tags = ["identities"];
const security = [{ OAuth2PasswordBearer: [] }];
const noContent = { 204: z.null().describe("Done: no content") };

/**
 * Identities at sign-in providers: linking one from Settings, re-authenticating through
 * one, the account's ways in, unlinking (never the last way in), and the admin's views.
 */
export const identityRoutes: RouteModule = (app, deps) => {
	const { user, superuser } = authHooks(deps);

	/** A start of a flow at the provider for the signed-in caller: the browser then goes to authorization_url. */
	const flowStart = (
		path: string,
		doc: { tags: string[]; summary: string; reasons: ErrorReason[] },
		start: typeof startLink | typeof startReauthentication,
	) =>
		app.post(
			path,
			{
				onRequest: user,
				config: { reasons: doc.reasons },
				schema: {
					tags: doc.tags,
					security,
					summary: doc.summary,
					params: providerIdParamsSchema,
					body: providerFlowStartSchema,
					response: { 200: authorizationUrlSchema },
				},
			},
			async (request, reply) => {
				const { provider } = request.params;
				const started = await start(deps, sessionOf(request), provider, request.body.return_to, requestMeta(request));
				return toProvider(deps.config, reply, started);
			},
		);

	flowStart(
		"/users/me/identities/:provider/link",
		{
			tags,
			summary:
				"Start linking an identity at the provider to your account (needs a recent proof of identity): the browser then goes to authorization_url",
			reasons: ["REAUTH_REQUIRED", "PROVIDER_NOT_FOUND", "PROVIDER_UNAVAILABLE", "RATE_LIMITED"],
		},
		startLink,
	);
	flowStart(
		"/login/reauthenticate/oidc/:provider",
		{
			tags: ["login"],
			summary:
				"Confirm your identity by signing in again at a linked provider (max_age=0): the browser then goes to authorization_url",
			reasons: [
				"IDENTITY_NOT_LINKED",
				"PROVIDER_CANNOT_REAUTHENTICATE",
				"PROVIDER_NOT_FOUND",
				"PROVIDER_UNAVAILABLE",
				"RATE_LIMITED",
			],
		},
		startReauthentication,
	);
	app.get(
		"/users/me/sign-in-methods",
		{
			onRequest: user,
			schema: {
				tags,
				security,
				summary: "Your ways in: a password, passkeys, linked identities",
				response: { 200: signInMethodsSchema },
			},
		},
		async (request) => mySignInMethods(deps, sessionOf(request)),
	);
	app.delete(
		"/users/me/identities/:identity_id",
		{
			onRequest: user,
			config: { reasons: ["REAUTH_REQUIRED", "IDENTITY_NOT_FOUND", "LAST_SIGN_IN_METHOD"] },
			schema: {
				tags,
				security,
				summary: "Unlink one of your identities (needs a recent proof of identity; never your last way in)",
				params: identityIdParamsSchema,
				response: noContent,
			},
		},
		async (request, reply) => {
			await unlinkOwnIdentity(deps, authOf(request), request.params.identity_id, requestMeta(request));
			return reply.code(204).send(null);
		},
	);
	app.get(
		"/users/:user_id/identities",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "A user's linked identities",
				params: userIdParamsSchema,
				response: { 200: identityListSchema },
			},
		},
		async (request) => identitiesOfUser(deps, request.params.user_id),
	);
	app.delete(
		"/users/:user_id/identities/:identity_id",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND", "IDENTITY_NOT_FOUND", "LAST_SIGN_IN_METHOD"] },
			schema: {
				tags,
				security,
				summary: "Unlink a user's identity (never their last way in)",
				params: userIdentityParamsSchema,
				response: noContent,
			},
		},
		async (request, reply) => {
			await unlinkIdentityAsAdmin(
				deps,
				authOf(request),
				request.params.user_id,
				request.params.identity_id,
				requestMeta(request),
			);
			return reply.code(204).send(null);
		},
	);
	app.get(
		"/admin/providers",
		{
			onRequest: superuser,
			schema: {
				tags,
				security,
				summary: "The configured sign-in providers and the callback URL to register at each (no secrets)",
				response: { 200: adminProviderListSchema },
			},
		},
		async () => listAdminProviders(deps),
	);
	app.post(
		"/admin/providers/:id/check",
		{
			onRequest: superuser,
			config: { reasons: ["PROVIDER_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "Run the provider's discovery afresh (within its timeout): whether it answered, and how long it took",
				params: adminProviderIdParamsSchema,
				response: { 200: providerCheckSchema },
			},
		},
		async (request) => checkProvider(deps, request.params.id),
	);
};
