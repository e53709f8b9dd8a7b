import type { FastifyReply } from "fastify";
import type { AuthorizationUrl } from "../../shared/schemas/identities.ts";
import type { Config } from "../config.ts";
import { FLOW_TTL_MS, type StartedFlow } from "../services/sign-in/oidc/flow.ts";

/** The HttpOnly cookie that binds a provider flow to the browser that started it (login CSRF). */
export const FLOW_COOKIE = "portico_oidc";
export const FLOW_COOKIE_PATH = "/api/v1/login/oidc";

export const flowCookie = (config: Config) => ({
	httpOnly: true,
	// Lax: sent on the provider's top-level redirect back to the callback, never on a cross-site POST.
	sameSite: "lax" as const,
	secure: new URL(config.publicUrl).protocol === "https:",
	path: FLOW_COOKIE_PATH,
	maxAge: Math.floor(FLOW_TTL_MS / 1000),
});

/**
 * A link or re-authentication started from the signed-in app (REST and tRPC alike): the
 * flow's HttpOnly cookie is set, and the browser is told where to go (it is a POST from the
 * SPA, not a redirect); the callback then finishes only in this browser.
 */
export function toProvider(config: Config, reply: FastifyReply, started: StartedFlow): AuthorizationUrl {
	reply.setCookie(FLOW_COOKIE, started.binding, flowCookie(config));
	reply.header("cache-control", "no-store");
	return { authorization_url: started.authorizationUrl };
}
