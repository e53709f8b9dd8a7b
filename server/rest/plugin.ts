import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { depthLimited } from "../http/json-body.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { auditRoutes } from "./audit.ts";
import { emailLinkRoutes } from "./email-links.ts";
import { utilsRoutes } from "./health.ts";
import { identityRoutes } from "./identities.ts";
import { loginRoutes } from "./login.ts";
import { mediaRoutes } from "./media.ts";
import { parseUrlEncodedForm } from "./multipart-form.ts";
import { passkeyRoutes } from "./passkeys.ts";
import { recoveryRoutes } from "./password-reset.ts";
import { profileRoutes } from "./profile.ts";
import { sessionRoutes } from "./sessions.ts";
import { ROUTE_SCOPES, routeKey } from "./token-scopes.ts";
import { tokenRoutes } from "./tokens.ts";
import { twoFactorRoutes } from "./two-factor.ts";
import type { RouteModule } from "./types.ts";
import { userRoutes } from "./users.ts";

const routeModules: RouteModule[] = [
	loginRoutes,
	userRoutes,
	sessionRoutes,
	utilsRoutes,
	profileRoutes,
	mediaRoutes,
	recoveryRoutes,
	twoFactorRoutes,
	passkeyRoutes,
	auditRoutes,
	emailLinkRoutes,
	tokenRoutes,
	identityRoutes,
];

/** The FastAPI-compatible API, mounted at /api/v1. */
export const restPlugin: FastifyPluginAsync<{ deps: ServiceDeps }> = async (scope, { deps }) => {
	const app = scope.withTypeProvider<ZodTypeProvider>();
	// Errors reach the app-wide handler (server/http/error-handler.ts): FastAPI's shapes.
	app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: "Not Found" }));
	// OAuth2 password forms (login) and the media move form arrive url-encoded (or as multipart,
	// parsed in the scopes of those routes only).
	app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
		done(null, parseUrlEncodedForm(body as string));
	});
	// FastAPI reads an empty JSON body as no body, so an optional body (logout) stays optional.
	const parseJson = depthLimited(app.getDefaultJsonParser("error", "error"));
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
		if (body === "") return done(null, undefined);
		parseJson(request, body as string, done);
	});
	// Each route carries its row of the route -> scope table (deny by default: no row, no token).
	app.addHook("onRoute", (route) => {
		const methods = Array.isArray(route.method) ? route.method : [route.method];
		const access = ROUTE_SCOPES[routeKey(methods[0] as string, route.url)];
		if (access !== undefined) route.config = { ...route.config, tokenAccess: access };
	});
	for (const register of routeModules) register(app, deps);
};
