import { loginSchema, logoutSchema, refreshSchema, tokenPairSchema } from "../../shared/schemas/auth.ts";
import { messageSchema, userPublicSchema } from "../../shared/schemas/users.ts";
import { clearSessionCookie, requestMeta, setSessionCookie } from "../http/session.ts";
import * as auth from "../services/auth.ts";
import { toUserPublic } from "../services/users.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule } from "./types.ts";

const tags = ["login"];
const security = [{ OAuth2PasswordBearer: [] }];

export const loginRoutes: RouteModule = (app, deps) => {
	const { user } = authHooks(deps);

	app.post(
		"/login/access-token",
		{
			schema: {
				tags,
				summary: "Log in with e-mail (as username) and password; returns a token pair",
				consumes: ["application/x-www-form-urlencoded", "application/json"],
				body: loginSchema,
				response: { 200: tokenPairSchema },
			},
		},
		async (request, reply) => {
			const tokens = await auth.login(deps, request.body, requestMeta(request));
			setSessionCookie(deps.config, reply, tokens.access_token);
			return tokens;
		},
	);

	app.post(
		"/login/test-token",
		{
			onRequest: user,
			schema: { tags, security, summary: "The user behind the token", response: { 200: userPublicSchema } },
		},
		async (request) => toUserPublic(authOf(request).user),
	);

	app.post(
		"/login/refresh-token",
		{
			schema: {
				tags,
				summary: "Rotate a refresh token into a new pair",
				body: refreshSchema,
				response: { 200: tokenPairSchema },
			},
		},
		async (request, reply) => {
			const tokens = auth.refresh(deps, request.body.refresh_token, requestMeta(request));
			setSessionCookie(deps.config, reply, tokens.access_token);
			return tokens;
		},
	);

	app.post(
		"/login/logout",
		{
			onRequest: user,
			schema: {
				tags,
				security,
				summary: "End this session",
				body: logoutSchema.nullish(),
				response: { 200: messageSchema },
			},
		},
		async (request, reply) => {
			clearSessionCookie(reply);
			return auth.logout(deps, authOf(request), request.body?.refresh_token, requestMeta(request));
		},
	);

	app.post(
		"/login/logout-all",
		{
			onRequest: user,
			schema: { tags, security, summary: "End every session of this user", response: { 200: messageSchema } },
		},
		async (request, reply) => {
			clearSessionCookie(reply);
			return auth.logoutAll(deps, authOf(request), requestMeta(request));
		},
	);
};
