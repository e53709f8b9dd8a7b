import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export const API = "/api/v1";

type Headers = Record<string, string | undefined>;

/** The OAuth2 password form, url-encoded as FastAPI clients send it. */
export function loginForm(
	app: FastifyInstance,
	username: string,
	password: string,
	options: { ip?: string; extra?: Record<string, string>; headers?: Headers } = {},
): Promise<LightMyRequestResponse> {
	return app.inject({
		method: "POST",
		url: `${API}/login/access-token`,
		remoteAddress: options.ip ?? "127.0.0.1",
		headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
		payload: new URLSearchParams({ username, password, ...options.extra }).toString(),
	});
}

export function api(
	app: FastifyInstance,
	method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
	path: string,
	options: { headers?: Headers; body?: unknown; ip?: string } = {},
): Promise<LightMyRequestResponse> {
	return app.inject({
		method,
		url: `${API}${path}`,
		remoteAddress: options.ip ?? "127.0.0.1",
		headers: options.headers,
		...(options.body !== undefined && { payload: options.body as object }),
	});
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** UUID v4: version nibble 4, variant 8-b. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const TOKEN_SHAPE = /^[a-z2-7]{26}\.[a-z2-7]{52}$/;

/** The answer to a signed-in user who is not a superuser. */
export const FORBIDDEN = { detail: "The user doesn't have enough privileges" };

/** The keys of a UserPublic, sorted. */
export const USER_KEYS = ["created_at", "email", "email_verified", "full_name", "id", "is_active", "is_superuser"];
