import { sessionIdParamsSchema, sessionsPublicSchema } from "../../shared/schemas/sessions.ts";
import { messageSchema, userIdParamsSchema } from "../../shared/schemas/users.ts";
import { requestMeta } from "../http/session.ts";
import * as devices from "../services/users/devices.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule, sessionOf } from "./types.ts";

const tags = ["sessions"];
const security = [{ OAuth2PasswordBearer: [] }];
const message = { 200: messageSchema };

/** The signed-in devices of the caller, and a superuser's view of a user's. */
export const sessionRoutes: RouteModule = (app, deps) => {
	const { user, superuser } = authHooks(deps);

	app.get(
		"/users/me/sessions",
		{
			onRequest: user,
			schema: {
				tags,
				security,
				summary: "Own live sessions, most recently seen first",
				response: { 200: sessionsPublicSchema },
			},
		},
		async (request) => devices.listMySessions(deps, authOf(request)),
	);
	app.delete(
		"/users/me/sessions",
		{
			onRequest: user,
			schema: { tags, security, summary: "Sign out every other session", response: message },
		},
		async (request) => devices.revokeOtherSessions(deps, sessionOf(request), requestMeta(request)),
	);
	app.delete(
		"/users/me/sessions/:session_id",
		{
			onRequest: user,
			config: { reasons: ["SESSION_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "Sign out one own session",
				params: sessionIdParamsSchema,
				response: message,
			},
		},
		async (request) =>
			devices.revokeMySession(deps, sessionOf(request), request.params.session_id, requestMeta(request)),
	);
	app.get(
		"/users/:user_id/sessions",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "A user's live sessions",
				params: userIdParamsSchema,
				response: { 200: sessionsPublicSchema },
			},
		},
		async (request) => devices.listUserSessions(deps, authOf(request), request.params.user_id),
	);
	app.delete(
		"/users/:user_id/sessions",
		{
			onRequest: superuser,
			config: { reasons: ["USER_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "Sign a user out everywhere",
				params: userIdParamsSchema,
				response: message,
			},
		},
		async (request) =>
			devices.revokeUserSessionsAsAdmin(deps, authOf(request), request.params.user_id, requestMeta(request)),
	);
};
