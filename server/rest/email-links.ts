import { emailLinkSchema } from "../../shared/schemas/email-links.ts";
import { messageSchema } from "../../shared/schemas/users.ts";
import { requestMeta } from "../http/session.ts";
import { revertEmailChange } from "../services/account/email-revert.ts";
import { resendVerification, verifyEmail } from "../services/account/email-verification.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule } from "./types.ts";

const security = [{ OAuth2PasswordBearer: [] }];

/** E-mail verification and the "This wasn't me" link of an e-mail change. */
export const emailLinkRoutes: RouteModule = (app, deps) => {
	const { user } = authHooks(deps);

	app.post(
		"/users/me/verify-email",
		{
			onRequest: user,
			config: { reasons: ["EMAIL_ALREADY_VERIFIED", "RATE_LIMITED"] },
			schema: {
				tags: ["users"],
				security,
				summary: "Send a new verification link to the own address (5 an hour)",
				response: { 200: messageSchema },
			},
		},
		async (request) => resendVerification(deps, authOf(request), requestMeta(request)),
	);
	app.post(
		"/verify-email/",
		{
			config: { reasons: ["INVALID_EMAIL_TOKEN", "RATE_LIMITED"] },
			schema: {
				tags: ["login"],
				summary: "Prove an address with the token of its verification link",
				body: emailLinkSchema,
				response: { 200: messageSchema },
			},
		},
		async (request) => verifyEmail(deps, request.body, requestMeta(request)),
	);
	app.post(
		"/revert-email/",
		{
			config: { reasons: ["INVALID_EMAIL_TOKEN", "INACTIVE_USER", "UPDATE_EMAIL_TAKEN", "RATE_LIMITED"] },
			schema: {
				tags: ["login"],
				summary:
					"Undo an e-mail change with the old address's \"This wasn't me\" link: restores it, ends every session, mails a reset link",
				body: emailLinkSchema,
				response: { 200: messageSchema },
			},
		},
		async (request) => revertEmailChange(deps, request.body, requestMeta(request)),
	);
};
