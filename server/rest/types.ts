import type {
	FastifyBaseLogger,
	FastifyInstance,
	FastifyRequest,
	RawReplyDefaultExpression,
	RawRequestDefaultExpression,
	RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ServiceDeps } from "../services/deps.ts";
import { type Authenticated, type SessionPrincipal, throughSession } from "../services/sessions/session.ts";

export type ZodApp = FastifyInstance<
	RawServerDefault,
	RawRequestDefaultExpression,
	RawReplyDefaultExpression,
	FastifyBaseLogger,
	ZodTypeProvider
>;

/** A REST routes module: registers its routes on the /api/v1 scope. */
export type RouteModule = (app: ZodApp, deps: ServiceDeps) => void;

declare module "fastify" {
	interface FastifyRequest {
		auth: Authenticated | null;
	}
}

/** The caller of a route whose `onRequest` hook authenticated it. */
export function authOf(request: FastifyRequest): Authenticated {
	if (!request.auth) throw new Error("route is missing its auth hook");
	return request.auth;
}

/** The caller's session, for what a token may never do (a token is refused: TOKEN_NOT_ALLOWED). */
export const sessionOf = (request: FastifyRequest): SessionPrincipal => throughSession(authOf(request));
