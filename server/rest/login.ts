import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
	loginSchema,
	logoutResultSchema,
	logoutSchema,
	refreshSchema,
	tokenPairSchema,
} from "../../shared/schemas/auth.ts";
import { reauthenticateSchema } from "../../shared/schemas/reauth.ts";
import { messageSchema, userPublicSchema } from "../../shared/schemas/users.ts";
import { clearSessionCookie, requestMeta, tokenReply } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";
import * as auth from "../services/sign-in/password.ts";
import { toUserPublic } from "../services/users/records.ts";
import { authHooks } from "./auth-hooks.ts";
import { providerLoginRoutes } from "./login-oidc.ts";
import { formBody, registerMultipart } from "./multipart-form.ts";
import { authOf, type RouteModule, sessionOf, type ZodApp } from "./types.ts";

const tags = ["login"];
const security = [{ OAuth2PasswordBearer: [] }];

/** The OAuth2 password form, in a scope of its own so that it may arrive as multipart too. */
function accessTokenRoute(app: ZodApp, deps: ServiceDeps): void {
	app.post(
		"/login/access-token",
		{
			preValidation: formBody,
			config: {
				reasons: [
					"INCORRECT_LOGIN",
					"PASSWORD_SIGN_IN_DISABLED",
					"INACTIVE_USER",
					"EMAIL_NOT_VERIFIED",
					"RATE_LIMITED",
					"TOO_MANY_WRONG_CODES",
					"MFA_REQUIRED",
					"INVALID_TOTP_CODE",
					"TWO_FACTOR_UNAVAILABLE",
				],
			},
			schema: {
				tags,
				summary:
					"Log in with e-mail (as username) and password; returns a token pair. With two-factor on: 401 with an mfa_token for POST /login/mfa, or send the code as totp_code",
				consumes: ["application/x-www-form-urlencoded", "multipart/form-data", "application/json"],
				body: loginSchema,
				response: { 200: tokenPairSchema },
			},
		},
		async (request, reply) => {
			const tokens = await auth.login(deps, request.body, requestMeta(request));
			return tokenReply(deps.config, request, reply, tokens);
		},
	);
}

export const loginRoutes: RouteModule = (app, deps) => {
	const { user } = authHooks(deps);

	app.register(async (scope) => {
		await registerMultipart(scope);
		accessTokenRoute(scope.withTypeProvider<ZodTypeProvider>(), deps);
	});

	providerLoginRoutes(app, deps);

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
			config: { reasons: ["INVALID_CREDENTIALS"] },
			schema: {
				tags,
				summary: "Rotate a refresh token into a new pair",
				body: refreshSchema,
				response: { 200: tokenPairSchema },
			},
		},
		async (request, reply) => {
			const tokens = await auth.refresh(deps, request.body.refresh_token, requestMeta(request));
			return tokenReply(deps.config, request, reply, tokens);
		},
	);

	app.post(
		"/login/logout",
		{
			onRequest: user,
			schema: {
				tags,
				security,
				summary:
					"End this session; through a provider with LOGOUT=provider, end_session_url is where the browser goes to end the provider's too",
				body: logoutSchema.nullish(),
				response: { 200: logoutResultSchema },
			},
		},
		async (request, reply) => {
			clearSessionCookie(reply);
			return await auth.logout(deps, sessionOf(request), request.body?.refresh_token, requestMeta(request));
		},
	);

	app.post(
		"/login/reauthenticate",
		{
			onRequest: user,
			config: {
				reasons: [
					"INCORRECT_PASSWORD",
					"PASSWORD_SIGN_IN_DISABLED",
					"INVALID_TOTP_CODE",
					"INVALID_PASSKEY",
					"RATE_LIMITED",
					"TOO_MANY_WRONG_CODES",
					"TOO_MANY_WRONG_PASSWORDS",
					"TWO_FACTOR_UNAVAILABLE",
				],
			},
			schema: {
				tags,
				security,
				summary: "Confirm your identity again (for e-mail changes, account deletion, two-factor and passkeys)",
				body: reauthenticateSchema,
				response: { 200: messageSchema },
			},
		},
		async (request) => auth.reauthenticate(deps, sessionOf(request), request.body, requestMeta(request)),
	);

	app.post(
		"/login/logout-all",
		{
			onRequest: user,
			schema: { tags, security, summary: "End every session of this user", response: { 200: messageSchema } },
		},
		async (request, reply) => {
			clearSessionCookie(reply);
			return await auth.logoutAll(deps, sessionOf(request), requestMeta(request));
		},
	);
};
