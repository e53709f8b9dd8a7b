import "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ErrorReason } from "../../shared/errors.ts";
import type { Config } from "../config.ts";
import type { RequestMeta, ServiceDeps } from "../services/deps.ts";
import { type Authenticated, authenticateAccessToken } from "../services/sessions.ts";

export const SESSION_COOKIE = "portico_session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
	ip: request.ip,
	userAgent: request.headers["user-agent"],
	requestId: request.id,
});

/**
 * Who the request speaks for. A Bearer header wins; the cookie counts for safe methods,
 * and for unsafe ones only when the browser says the request is same-origin (CSRF).
 */
export function resolveAuth(
	deps: ServiceDeps,
	request: FastifyRequest,
): { auth: Authenticated } | { auth: null; reason: ErrorReason } {
	const header = request.headers.authorization;
	if (header !== undefined && /^bearer /i.test(header)) {
		const auth = authenticateAccessToken(deps, header.slice(7).trim());
		return auth ? { auth } : { auth: null, reason: "INVALID_CREDENTIALS" };
	}
	const cookie = request.cookies?.[SESSION_COOKIE];
	if (cookie && cookieMayAuthorize(deps.config, request)) {
		const auth = authenticateAccessToken(deps, cookie);
		return auth ? { auth } : { auth: null, reason: "INVALID_CREDENTIALS" };
	}
	return { auth: null, reason: "NOT_AUTHENTICATED" };
}

function cookieMayAuthorize(config: Config, request: FastifyRequest): boolean {
	if (SAFE_METHODS.has(request.method)) return true;
	// An Origin header never carries a path, while PUBLIC_URL may (https://host/portico).
	return (
		request.headers["sec-fetch-site"] === "same-origin" || request.headers.origin === new URL(config.publicUrl).origin
	);
}

const isPlainLocalhost = (url: string) => {
	const { protocol, hostname } = new URL(url);
	return protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
};

/** The HttpOnly cookie that carries the access token for image tags and downloads. */
export function setSessionCookie(config: Config, reply: FastifyReply, accessToken: string): void {
	reply.setCookie(SESSION_COOKIE, accessToken, {
		httpOnly: true,
		sameSite: "lax",
		secure: !isPlainLocalhost(config.publicUrl),
		path: "/",
		maxAge: Math.floor(config.accessTokenTtlMs / 1000),
	});
}

export function clearSessionCookie(reply: FastifyReply): void {
	reply.clearCookie(SESSION_COOKIE, { path: "/" });
}
