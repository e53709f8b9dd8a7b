import { tokenPairSchema } from "../../shared/schemas/auth.ts";
import {
	mfaLoginSchema,
	recoveryCodesSchema,
	totpCodeSchema,
	totpSetupSchema,
	twoFactorStatusSchema,
} from "../../shared/schemas/two-factor.ts";
import { messageSchema, userIdParamsSchema } from "../../shared/schemas/users.ts";
import { requestMeta, tokenReply } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";
import * as twoFactor from "../services/factors/two-factor.ts";
import { completeMfaLogin } from "../services/sign-in/two-factor.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule, sessionOf, type ZodApp } from "./types.ts";

const tags = ["two-factor"];
const security = [{ OAuth2PasswordBearer: [] }];

/** The second login step: public, like the first. */
function mfaLoginRoute(app: ZodApp, deps: ServiceDeps): void {
	app.post(
		"/login/mfa",
		{
			config: {
				reasons: [
					"MFA_TOKEN_INVALID",
					"PASSWORD_SIGN_IN_DISABLED",
					"INVALID_TOTP_CODE",
					"EMAIL_NOT_VERIFIED",
					"RATE_LIMITED",
					"TOO_MANY_WRONG_CODES",
					"TWO_FACTOR_UNAVAILABLE",
				],
			},
			schema: {
				tags: ["login"],
				summary: "Second login step: the mfa_token of a right password and a code (the app's, or a recovery code)",
				body: mfaLoginSchema,
				response: { 200: tokenPairSchema },
			},
		},
		async (request, reply) => {
			const tokens = await completeMfaLogin(deps, request.body, requestMeta(request));
			return tokenReply(deps.config, request, reply, tokens);
		},
	);
}

export const twoFactorRoutes: RouteModule = (app, deps) => {
	const { user, superuser } = authHooks(deps);
	mfaLoginRoute(app, deps);

	app.get(
		"/users/me/totp",
		{
			onRequest: user,
			schema: {
				tags,
				security,
				summary: "Whether two-factor authentication is on, and how many recovery codes are left",
				response: { 200: twoFactorStatusSchema },
			},
		},
		async (request) => twoFactor.twoFactorStatus(deps, authOf(request).user),
	);
	app.post(
		"/users/me/totp/setup",
		{
			onRequest: user,
			config: { reasons: ["REAUTH_REQUIRED", "TOTP_ALREADY_ENABLED"] },
			schema: {
				tags,
				security,
				summary: "A new two-factor secret, as text and QR code (SVG); enabled only by POST /users/me/totp/enable",
				response: { 200: totpSetupSchema },
			},
		},
		async (request, reply) => {
			reply.header("cache-control", "no-store");
			return await twoFactor.setupTwoFactor(deps, sessionOf(request));
		},
	);
	app.post(
		"/users/me/totp/enable",
		{
			onRequest: user,
			config: {
				reasons: [
					"REAUTH_REQUIRED",
					"TOTP_ALREADY_ENABLED",
					"TOTP_NOT_SET_UP",
					"INVALID_TOTP_CODE",
					"RATE_LIMITED",
					"TWO_FACTOR_UNAVAILABLE",
				],
			},
			schema: {
				tags,
				security,
				summary: "Enable two-factor with the app's current code; answers 10 recovery codes, shown only now",
				body: totpCodeSchema,
				response: { 200: recoveryCodesSchema },
			},
		},
		async (request, reply) => {
			reply.header("cache-control", "no-store");
			return await twoFactor.enableTwoFactor(deps, sessionOf(request), request.body, requestMeta(request));
		},
	);
	app.delete(
		"/users/me/totp",
		{
			onRequest: user,
			config: { reasons: ["REAUTH_REQUIRED"] },
			schema: { tags, security, summary: "Disable two-factor authentication", response: { 200: messageSchema } },
		},
		async (request) => twoFactor.disableTwoFactor(deps, sessionOf(request), requestMeta(request)),
	);
	app.post(
		"/users/me/recovery-codes",
		{
			onRequest: user,
			config: { reasons: ["REAUTH_REQUIRED", "TOTP_NOT_ENABLED", "RATE_LIMITED"] },
			schema: {
				tags,
				security,
				summary: "10 new recovery codes, shown only now; the older ones stop working",
				response: { 200: recoveryCodesSchema },
			},
		},
		async (request, reply) => {
			reply.header("cache-control", "no-store");
			return await twoFactor.regenerateRecoveryCodes(deps, sessionOf(request), requestMeta(request));
		},
	);
	app.get(
		"/users/:user_id/totp",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "Whether a user has two-factor authentication on (before resetting it)",
				params: userIdParamsSchema,
				response: { 200: twoFactorStatusSchema },
			},
		},
		async (request) => twoFactor.twoFactorStatusOf(deps, request.params.user_id),
	);
	app.delete(
		"/users/:user_id/totp",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND", "OWN_ACCOUNT_IN_SETTINGS"] },
			schema: {
				tags,
				security,
				summary: "Turn off a user's two-factor authentication (they lost their phone and recovery codes)",
				description: "Not one's own: that is turned off in Settings, with a recent proof of identity.",
				params: userIdParamsSchema,
				response: { 200: messageSchema },
			},
		},
		async (request) => twoFactor.resetTwoFactor(deps, authOf(request), request.params.user_id, requestMeta(request)),
	);
};
