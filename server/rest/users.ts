import { auditEventsSchema } from "../../shared/schemas/audit.ts";
import { accountSummarySchema, usersSummarySchema } from "../../shared/schemas/dashboard.ts";
import { userListQuerySchema } from "../../shared/schemas/user-list.ts";
import {
	adminUsersSchema,
	listQuerySchema,
	messageSchema,
	signupSchema,
	updatePasswordSchema,
	userCreateSchema,
	userIdParamsSchema,
	userPublicSchema,
	userUpdateMeSchema,
	userUpdateSchema,
} from "../../shared/schemas/users.ts";
import { requestMeta } from "../http/session.ts";
import { listMyAuditEvents } from "../services/account/my-activity.ts";
import * as ownAccount from "../services/account/own-account.ts";
import * as adminUsers from "../services/admin/users.ts";
import { accountSummary, usersSummary } from "../services/dashboard.ts";
import { changePassword } from "../services/sign-in/password.ts";
import { listUsers } from "../services/users/list.ts";
import { toUserPublic } from "../services/users/records.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule, sessionOf } from "./types.ts";

const tags = ["users"];
const security = [{ OAuth2PasswordBearer: [] }];

export const userRoutes: RouteModule = (app, deps) => {
	const { user, superuser } = authHooks(deps);
	const one = { 200: userPublicSchema };

	app.get(
		"/users/",
		{
			onRequest: superuser,
			schema: {
				tags,
				security,
				summary: "List users, newest first; search, filter and sort",
				description:
					"`q`: a case-insensitive substring of the e-mail or full name (`%` and `_` are plain characters). " +
					"`role`, `status`, `verified`: filters. `sort`: `created_at`, `email` or `full_name`, with a leading `-` " +
					"for descending (default `-created_at`). `count` counts every user that matches.",
				querystring: userListQuerySchema,
				response: { 200: adminUsersSchema },
			},
		},
		async (request) => listUsers(deps, request.query),
	);
	app.post(
		"/users/",
		{
			onRequest: superuser,
			config: { reasons: ["CREATE_EMAIL_TAKEN"] },
			schema: {
				tags,
				security,
				summary: "Create a user",
				description:
					"With `invite: true` and no password, the user gets no usable password and is e-mailed a " +
					"`Set your password` link, valid 7 days, in the language of this request's Accept-Language.",
				body: userCreateSchema,
				response: one,
			},
		},
		async (request) =>
			adminUsers.createUser(
				deps,
				authOf(request),
				request.body,
				requestMeta(request),
				request.headers["accept-language"],
			),
	);
	app.get(
		"/users/me",
		{ onRequest: user, schema: { tags, security, summary: "The current user", response: one } },
		async (request) => toUserPublic(authOf(request).user),
	);
	app.patch(
		"/users/me",
		{
			onRequest: user,
			config: { reasons: ["REAUTH_REQUIRED", "UPDATE_EMAIL_TAKEN", "USER_NOT_FOUND", "RATE_LIMITED"] },
			schema: {
				tags,
				security,
				summary: "Update own name or e-mail",
				description:
					"A new e-mail needs a recent proof of identity and is limited to 3 changes a day per account (429 with " +
					"Retry-After). It is unverified and gets a verification link; the old address, if it was verified, gets " +
					"`Your e-mail was changed` with a `This wasn't me` link (7 days) and stays reserved for the account meanwhile.",
				body: userUpdateMeSchema,
				response: one,
			},
		},
		async (request) => ownAccount.updateMe(deps, authOf(request), request.body, requestMeta(request)),
	);
	app.delete(
		"/users/me",
		{
			onRequest: user,
			config: { reasons: ["SUPERUSER_SELF_DELETE", "REAUTH_REQUIRED"] },
			schema: { tags, security, summary: "Delete own account", response: { 200: messageSchema } },
		},
		async (request) => ownAccount.deleteMe(deps, authOf(request), requestMeta(request)),
	);
	app.patch(
		"/users/me/password",
		{
			onRequest: user,
			config: {
				reasons: [
					"INCORRECT_PASSWORD",
					"PASSWORD_SIGN_IN_DISABLED",
					"SAME_PASSWORD",
					"RATE_LIMITED",
					"TOO_MANY_WRONG_PASSWORDS",
				],
			},
			schema: {
				tags,
				security,
				summary: "Change own password",
				body: updatePasswordSchema,
				response: { 200: messageSchema },
			},
		},
		async (request) => changePassword(deps, sessionOf(request), request.body, requestMeta(request)),
	);
	app.get(
		"/users/me/audit",
		{
			onRequest: user,
			schema: {
				tags,
				security,
				summary: "Security events about oneself, newest first",
				querystring: listQuerySchema,
				response: { 200: auditEventsSchema },
			},
		},
		async (request) => listMyAuditEvents(deps, authOf(request), request.query),
	);
	app.get(
		"/users/me/summary",
		{
			onRequest: user,
			schema: {
				tags,
				security,
				summary: "One's account at a glance",
				description:
					"E-mail verified, two-factor on, passkeys, live sessions (this one included), and the sign-in " +
					"before the one that started this session (null when there was none).",
				response: { 200: accountSummarySchema },
			},
		},
		async (request) => accountSummary(deps, authOf(request)),
	);
	app.get(
		"/users/summary",
		{
			onRequest: superuser,
			schema: {
				tags,
				security,
				summary: "All accounts in numbers",
				description: "Users, inactive users, and accounts created in the last 7 days (however they were made).",
				response: { 200: usersSummarySchema },
			},
		},
		async () => usersSummary(deps),
	);
	app.post(
		"/users/signup",
		{
			config: { reasons: ["SIGNUP_EMAIL_TAKEN", "SIGNUP_DISABLED", "RATE_LIMITED"] },
			schema: { tags, summary: "Create an account (no token is returned)", body: signupSchema, response: one },
		},
		async (request) => ownAccount.signup(deps, request.body, requestMeta(request)),
	);
	app.get(
		"/users/:user_id",
		{
			onRequest: user,
			config: { reasons: ["FORBIDDEN", "USER_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "A user: self, or anyone for a superuser",
				params: userIdParamsSchema,
				response: one,
			},
		},
		async (request) => adminUsers.getUser(deps, authOf(request).user, request.params.user_id),
	);
	app.patch(
		"/users/:user_id",
		{
			onRequest: superuser,
			config: {
				reasons: [
					"USER_ID_NOT_FOUND",
					"UPDATE_EMAIL_TAKEN",
					"SELF_DEMOTE",
					"OWN_ACCOUNT_IN_SETTINGS",
					"LAST_SUPERUSER",
				],
			},
			schema: {
				tags,
				security,
				summary: "Update a user",
				description:
					"One's own e-mail and password are changed through `PATCH /users/me` and `PATCH /users/me/password`, " +
					"with their proofs of identity.",
				params: userIdParamsSchema,
				body: userUpdateSchema,
				response: one,
			},
		},
		async (request) =>
			adminUsers.updateUser(deps, authOf(request), request.params.user_id, request.body, requestMeta(request)),
	);
	/** The gate, refusals and shape both invitation routes share; each says what it does. */
	const invitationRoute = (summary: string, description: string) => ({
		onRequest: superuser,
		config: { reasons: ["USER_NOT_FOUND", "USER_HAS_PASSWORD"] as const },
		schema: { tags, security, summary, description, params: userIdParamsSchema, response: { 200: messageSchema } },
	});
	app.post(
		"/users/:user_id/invite",
		invitationRoute(
			"Send an invitation again",
			"A new `Set your password` link for a user who has not chosen a password yet; the older link stops working.",
		),
		async (request) =>
			adminUsers.resendInvitation(
				deps,
				authOf(request),
				request.params.user_id,
				request.headers["accept-language"],
				requestMeta(request),
			),
	);
	app.delete(
		"/users/:user_id/invite",
		invitationRoute(
			"Revoke an invitation",
			"Cancels the invitation of a user who has not chosen a password yet: the account and its link are deleted (audited as `admin.user_delete` with `invitation_revoked`). 409 once the user has a password.",
		),
		async (request) => adminUsers.revokeInvitation(deps, authOf(request), request.params.user_id, requestMeta(request)),
	);
	app.delete(
		"/users/:user_id",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND", "SUPERUSER_SELF_DELETE", "LAST_SUPERUSER"] },
			schema: {
				tags,
				security,
				summary: "Delete a user",
				params: userIdParamsSchema,
				response: { 200: messageSchema },
			},
		},
		async (request) => adminUsers.deleteUser(deps, authOf(request), request.params.user_id, requestMeta(request)),
	);
};
