import { z } from "zod";
import { passwordLinkInfoSchema, passwordLinkSchema, resetPasswordSchema } from "../../shared/schemas/auth.ts";
import { lookupKey } from "../../shared/schemas/fields.ts";
import { messageSchema } from "../../shared/schemas/users.ts";
import { requestMeta } from "../http/session.ts";
import { describePasswordLink } from "../services/account/password-link.ts";
import * as recovery from "../services/account/password-reset.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule } from "./types.ts";

const tags = ["login"];
// Any string, as in the FastAPI template: an unknown or malformed address gets the same
// answer as a known one (recovery), or 404 (the e-mail's HTML).
const emailParams = z.object({ email: lookupKey() });

export const recoveryRoutes: RouteModule = (app, deps) => {
	const { superuser } = authHooks(deps);

	app.post(
		"/password-recovery/:email",
		{
			config: { reasons: ["RATE_LIMITED"] },
			schema: {
				tags,
				summary: "Send a reset link (same answer whether or not the e-mail exists)",
				params: emailParams,
				response: { 200: messageSchema },
			},
		},
		async (request) =>
			recovery.requestPasswordRecovery(
				deps,
				request.params.email,
				request.headers["accept-language"],
				requestMeta(request),
			),
	);
	app.post(
		"/reset-password/",
		{
			config: { reasons: ["INVALID_RESET_TOKEN", "INACTIVE_USER", "PASSWORD_SIGN_IN_DISABLED", "RATE_LIMITED"] },
			schema: {
				tags,
				summary: "Set a new password with a reset token; ends every session",
				body: resetPasswordSchema,
				response: { 200: messageSchema },
			},
		},
		async (request) => recovery.resetPassword(deps, request.body, requestMeta(request)),
	);
	app.post(
		"/reset-password/link",
		{
			config: { reasons: ["INVALID_RESET_TOKEN", "RATE_LIMITED"] },
			schema: {
				tags,
				summary:
					"What a reset or invitation link is for (its address, whether it is an invitation), without spending it",
				body: passwordLinkSchema,
				response: { 200: passwordLinkInfoSchema },
			},
		},
		async (request) => describePasswordLink(deps, request.body.token, requestMeta(request)),
	);
	app.post(
		"/password-recovery-html-content/:email",
		{
			onRequest: superuser,
			config: { reasons: ["USER_EMAIL_NOT_FOUND", "OWN_ACCOUNT_IN_SETTINGS"] },
			schema: {
				tags,
				security: [{ OAuth2PasswordBearer: [] }],
				summary: "The HTML of the recovery e-mail (superusers)",
				params: emailParams,
				produces: ["text/html"],
			},
		},
		async (request, reply) => {
			const html = await recovery.recoveryEmailHtml(
				deps,
				authOf(request),
				request.params.email,
				request.headers["accept-language"],
			);
			return reply.type("text/html; charset=utf-8").send(html);
		},
	);
};
