import "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ErrorReason } from "../../shared/errors.ts";
import type { Config } from "../config.ts";
import type { RequestMeta, ServiceDeps } from "../services/deps.ts";
import type { Authenticated } from "../services/sessions/principal.ts";
import { authenticateAccessToken } from "../services/sessions/session.ts";
import { authenticatePersonalToken, looksLikeAccessToken } from "../services/tokens/authenticate.ts";

export const SESSION_COOKIE = "portico_session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Who is asking, read when a service asks (the client address behind proxies takes some
 * work). A class, not an object literal with getters: V8 builds such a literal slowly
 * (about a microsecond, on every tRPC call), a class instance in nanoseconds.
 */
class RequestMetaOf implements RequestMeta {
	readonly #request: FastifyRequest;
	constructor(request: FastifyRequest) {
		this.#request = request;
	}
	get ip() {
		return this.#request.ip;
	}
	get userAgent() {
		return this.#request.headers["user-agent"];
	}
	get requestId() {
		return this.#request.id;
	}
	get acceptLanguage() {
		return this.#request.headers["accept-language"];
	}
	/** The personal access token the request was authorised with: named on every audit row it writes. */
	get via() {
		const token = this.#request.auth?.token;
		return token ? { token_id: token.id, name: token.name } : undefined;
	}
}

export const requestMeta = (request: FastifyRequest): RequestMeta => new RequestMetaOf(request);

/**
 * Who the request speaks for: its principal, a session or (REST only) a personal access
 * token. A Bearer header wins; a token is only ever a Bearer header, and only where the
 * caller takes tokens (tRPC does not: the browser has sessions). The cookie counts for
 * safe methods, and for unsafe ones only when the browser says the request is same-origin (CSRF).
 */
export async function resolveAuth(
	deps: ServiceDeps,
	request: FastifyRequest,
	{ tokens }: { tokens: boolean },
): Promise<{ auth: Authenticated } | { auth: null; reason: ErrorReason }> {
	const header = request.headers.authorization;
	if (header !== undefined && /^bearer /i.test(header)) {
		const credential = header.slice(7).trim();
		if (looksLikeAccessToken(credential)) {
			if (!tokens) return { auth: null, reason: "TOKEN_NOT_ALLOWED" };
			const auth = await authenticatePersonalToken(deps, credential, request.ip);
			return auth ? { auth } : { auth: null, reason: "INVALID_CREDENTIALS" };
		}
		const auth = await authenticateAccessToken(deps, credential);
		return auth ? { auth } : { auth: null, reason: "INVALID_CREDENTIALS" };
	}
	const cookie = request.cookies?.[SESSION_COOKIE];
	if (cookie && cookieMayAuthorize(deps.config, request)) {
		const auth = await authenticateAccessToken(deps, cookie);
		return auth ? { auth } : { auth: null, reason: "INVALID_CREDENTIALS" };
	}
	return { auth: null, reason: "NOT_AUTHENTICATED" };
}

/**
 * Where a request comes from, as far as its headers say: a browser always says it (Origin
 * on a state change, Sec-Fetch-Site on every request), a script usually says nothing.
 * Same-origin means Sec-Fetch-Site says so or Origin is PUBLIC_URL's (an Origin never
 * carries a path, while PUBLIC_URL may: https://host/portico).
 */
export function requestSite(config: Config, request: FastifyRequest): "same-origin" | "cross-site" | "unknown" {
	const fetchSite = request.headers["sec-fetch-site"];
	const { origin } = request.headers;
	if (fetchSite === "same-origin" || origin === new URL(config.publicUrl).origin) return "same-origin";
	if (fetchSite === "cross-site" || fetchSite === "same-site" || origin !== undefined) return "cross-site";
	return "unknown";
}

/** The cookie authorises a safe method, and a state change only from our own origin (CSRF). */
function cookieMayAuthorize(config: Config, request: FastifyRequest): boolean {
	return SAFE_METHODS.has(request.method) || requestSite(config, request) === "same-origin";
}

const isPlainLocalhost = (url: string) => {
	const { protocol, hostname } = new URL(url);
	return protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
};

/** The HttpOnly cookie that carries the access token for image tags and downloads. */
function setSessionCookie(config: Config, reply: FastifyReply, accessToken: string): void {
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

/**
 * Prepares the reply of a login or refresh: a token response is never cached (OAuth 2,
 * RFC 6749 section 5.1), and the session cookie is set unless the request is recognisably
 * cross-site: another site must not sign a browser into an account of its choosing (login
 * CSRF). Scripts that send neither Origin nor Sec-Fetch-Site still get it.
 */
export function tokenReply<T extends { access_token: string }>(
	config: Config,
	request: FastifyRequest,
	reply: FastifyReply,
	tokens: T,
): T {
	reply.header("cache-control", "no-store").header("pragma", "no-cache");
	if (requestSite(config, request) !== "cross-site") setSessionCookie(config, reply, tokens.access_token);
	return tokens;
}
