import {
	profileImageQuerySchema,
	profileInputSchema,
	profileSchema,
	publicProfileSchema,
} from "../../shared/schemas/profile.ts";
import { messageSchema, userIdParamsSchema } from "../../shared/schemas/users.ts";
import * as profiles from "../services/account/profile.ts";
import { authHooks } from "./auth-hooks.ts";
import { authOf, type RouteModule } from "./types.ts";

const tags = ["profile"];
const security = [{ OAuth2PasswordBearer: [] }];

export const profileRoutes: RouteModule = (app, deps) => {
	const { user } = authHooks(deps);
	const one = { 200: profileSchema };

	app.get(
		"/profile/me",
		{ onRequest: user, schema: { tags, security, summary: "Own profile (fields null until set)", response: one } },
		async (request) => profiles.getProfile(deps, authOf(request).user.id),
	);
	for (const method of ["PUT", "POST"] as const) {
		app.route({
			method,
			url: "/profile/me",
			onRequest: user,
			config: { reasons: ["IMAGE_NOT_OWNED"] },
			schema: { tags, security, summary: "Replace own profile", body: profileInputSchema, response: one },
			handler: async (request) => profiles.replaceProfile(deps, authOf(request), request.body),
		});
	}
	app.patch(
		"/profile/me",
		{
			onRequest: user,
			config: { reasons: ["IMAGE_NOT_OWNED"] },
			schema: { tags, security, summary: "Update the given fields", body: profileInputSchema, response: one },
		},
		async (request) => profiles.mergeProfile(deps, authOf(request), request.body),
	);
	app.delete(
		"/profile/me",
		{ onRequest: user, schema: { tags, security, summary: "Delete own profile", response: { 200: messageSchema } } },
		async (request) => profiles.deleteProfile(deps, authOf(request)),
	);
	app.patch(
		"/profile/me/image",
		{
			onRequest: user,
			config: { reasons: ["IMAGE_NOT_OWNED"] },
			schema: {
				tags,
				security,
				summary: "Set the profile image to an own media file (empty clears)",
				querystring: profileImageQuerySchema,
				response: one,
			},
		},
		async (request) => profiles.setProfileImage(deps, authOf(request), request.query.image_url),
	);
	app.get(
		"/profile/:user_id/public",
		{
			onRequest: user,
			config: { reasons: ["USER_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "Name and image of any user",
				params: userIdParamsSchema,
				response: { 200: publicProfileSchema },
			},
		},
		async (request) => profiles.getPublicProfile(deps, request.params.user_id),
	);
};
