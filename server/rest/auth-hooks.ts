import type { FastifyRequest } from "fastify";
import { DomainError } from "../domain/errors.ts";
import { documentedAuthHook } from "../http/error-docs.ts";
import { resolveAuth } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";

/**
 * `onRequest` hooks: they run before the body is read or validated, so an anonymous or
 * under-privileged caller learns nothing from a 422.
 */
export function authHooks(deps: ServiceDeps) {
	const user = async (request: FastifyRequest) => {
		const resolved = await resolveAuth(deps, request);
		if (!resolved.auth) throw new DomainError(resolved.reason);
		request.auth = resolved.auth;
	};
	const superuser = async (request: FastifyRequest) => {
		await user(request);
		if (!request.auth?.user.isSuperuser) throw new DomainError("FORBIDDEN");
	};
	// Marked so that the OpenAPI document lists their 401 (and 403) on every route they guard.
	return { user: documentedAuthHook(user, "user"), superuser: documentedAuthHook(superuser, "superuser") };
}
