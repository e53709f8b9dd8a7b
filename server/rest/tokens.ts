import {
	createdTokenSchema,
	createTokenSchema,
	tokenIdParamsSchema,
	tokenListQuerySchema,
	tokensPublicSchema,
} from "../../shared/schemas/tokens.ts";
import { messageSchema, userIdParamsSchema } from "../../shared/schemas/users.ts";
import { requestMeta } from "../http/session.ts";
import * as tokens from "../services/tokens/manage.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule } from "./types.ts";

const tags = ["tokens"];
const security = [{ OAuth2PasswordBearer: [] }];
const message = { 200: messageSchema };

/** Personal access tokens: the owner's (only through a session) and a superuser's view of everyone's. */
export const tokenRoutes: RouteModule = (app, deps) => {
	const { user, superuser } = authHooks(deps);

	app.get(
		"/users/me/tokens",
		{
			onRequest: user,
			schema: {
				tags,
				security,
				summary: "Own personal access tokens, newest first",
				response: { 200: tokensPublicSchema },
			},
		},
		async (request) => tokens.listMyTokens(deps, authOf(request)),
	);
	app.post(
		"/users/me/tokens",
		{
			onRequest: user,
			config: { reasons: ["REAUTH_REQUIRED", "TOKEN_TTL_TOO_LONG", "FORBIDDEN"] },
			schema: {
				tags,
				security,
				summary: "Create a personal access token (shown once; needs a recent proof of identity)",
				body: createTokenSchema,
				response: { 200: createdTokenSchema },
			},
		},
		async (request, reply) => {
			reply.header("cache-control", "no-store");
			return tokens.createToken(deps, authOf(request), request.body, requestMeta(request));
		},
	);
	app.delete(
		"/users/me/tokens/:token_id",
		{
			onRequest: user,
			config: { reasons: ["TOKEN_NOT_FOUND"] },
			schema: { tags, security, summary: "Revoke an own token", params: tokenIdParamsSchema, response: message },
		},
		async (request) => tokens.revokeMyToken(deps, authOf(request), request.params.token_id, requestMeta(request)),
	);
	app.get(
		"/tokens/",
		{
			onRequest: superuser,
			schema: {
				tags,
				security,
				summary: "Every personal access token, filtered by owner, last use and end",
				querystring: tokenListQuerySchema,
				response: { 200: tokensPublicSchema },
			},
		},
		async (request) => tokens.listAllTokens(deps, authOf(request), request.query),
	);
	app.get(
		"/users/:user_id/tokens",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "A user's personal access tokens",
				params: userIdParamsSchema,
				response: { 200: tokensPublicSchema },
			},
		},
		async (request) => tokens.listUserTokens(deps, authOf(request), request.params.user_id),
	);
	app.delete(
		"/users/:user_id/tokens/:token_id",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND", "TOKEN_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "Revoke a user's token",
				params: userIdParamsSchema.merge(tokenIdParamsSchema),
				response: message,
			},
		},
		async (request) =>
			tokens.revokeUserToken(
				deps,
				authOf(request),
				request.params.user_id,
				request.params.token_id,
				requestMeta(request),
			),
	);
};
