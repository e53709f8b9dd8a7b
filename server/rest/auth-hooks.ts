import type { FastifyRequest } from "fastify";
import { DomainError } from "../domain/errors.ts";
import { documentedAuthHook } from "../http/error-docs.ts";
import { resolveAuth } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";
import type { TokenPrincipal } from "../services/sessions/principal.ts";

/**
 * A token may call a route only when the route's row names one of its scopes (deny by
 * default); admin scopes only while its owner is a superuser now (the principal's
 * `isSuperuser` already says both).
 */
function requireScope(request: FastifyRequest, principal: TokenPrincipal): void {
	const access = request.routeOptions.config.tokenAccess;
	if (access === undefined || access === "session" || access === "public") throw new DomainError("TOKEN_NOT_ALLOWED");
	if (!principal.token.scopes.includes(access)) throw new DomainError("INSUFFICIENT_SCOPE");
	if (access.startsWith("admin:") && !principal.user.isSuperuser) throw new DomainError("INSUFFICIENT_SCOPE");
}

/**
 * `onRequest` hooks: they run before the body is read or validated, so an anonymous or
 * under-privileged caller learns nothing from a 422.
 */
export function authHooks(deps: ServiceDeps) {
	const user = async (request: FastifyRequest) => {
		const resolved = await resolveAuth(deps, request, { tokens: true });
		if (!resolved.auth) throw new DomainError(resolved.reason);
		if (resolved.auth.token) requireScope(request, resolved.auth);
		request.auth = resolved.auth;
	};
	const superuser = async (request: FastifyRequest) => {
		await user(request);
		if (!request.auth?.user.isSuperuser) throw new DomainError("FORBIDDEN");
	};
	// Marked so that the OpenAPI document lists their 401 (and 403) on every route they guard.
	return { user: documentedAuthHook(user, "user"), superuser: documentedAuthHook(superuser, "superuser") };
}
