import type { RouteAccess } from "../../shared/schemas/tokens.ts";

/**
 * What a personal access token needs for each REST route (docs/decisions/037), deny by
 * default: a route missing here refuses every token, and tests/integration/rest/token-
 * scopes.test.ts fails until it has its row. `session` marks what only a signed-in person
 * does (credentials, two-factor, passkeys, tokens, own sessions and logout, re-
 * authentication, deleting the account); `public` routes take no credentials at all.
 * Keys are `METHOD /path` as the OpenAPI document spells them. Each route's row is copied
 * into its `config.tokenAccess` as it registers (rest/plugin.ts), where the auth hook and
 * the OpenAPI document read it.
 */
export const ROUTE_SCOPES: Readonly<Record<string, RouteAccess>> = {
	"POST /login/access-token": "public",
	"POST /login/refresh-token": "public",
	"POST /login/mfa": "public",
	"POST /login/passkey/options": "public",
	"POST /login/passkey": "public",
	"GET /login/providers": "public",
	"GET /login/oidc/{id}": "public",
	"GET /login/oidc/{id}/callback": "public",
	"POST /login/oidc/complete": "public",
	"POST /login/test-token": "read",
	"POST /login/logout": "session",
	"POST /login/logout-all": "session",
	"POST /login/reauthenticate": "session",
	"POST /login/reauthenticate/options": "session",
	"POST /password-recovery/{email}": "public",
	"POST /reset-password/": "public",
	"POST /reset-password/link": "public",
	"POST /password-recovery-html-content/{email}": "admin:read",
	"POST /verify-email/": "public",
	"POST /revert-email/": "public",
	"POST /users/signup": "public",
	"GET /utils/health-check/": "public",
	"GET /utils/health-check/details": "public",
	"GET /media/health": "public",
	"GET /media/serve/{entity_type}/{entity_id}/{file_id}": "public",

	"GET /users/me": "read",
	// A new e-mail through it is refused to a token by the service (it needs recent authentication).
	"PATCH /users/me": "write",
	"DELETE /users/me": "session",
	"PATCH /users/me/password": "session",
	"POST /users/me/verify-email": "session",
	"GET /users/me/sessions": "read",
	"DELETE /users/me/sessions": "session",
	"DELETE /users/me/sessions/{session_id}": "session",
	"GET /users/me/audit": "read",
	"GET /users/me/summary": "read",
	"GET /users/{user_id}": "read",
	"GET /profile/me": "read",
	"PUT /profile/me": "write",
	"POST /profile/me": "write",
	"PATCH /profile/me": "write",
	"DELETE /profile/me": "write",
	"PATCH /profile/me/image": "write",
	"GET /profile/{user_id}/public": "read",
	"POST /media/upload": "write",
	"GET /media/file/{file_id}": "read",
	"GET /media/{entity_type}/{entity_id}": "read",
	"DELETE /media/{file_id}": "write",
	"PATCH /media/{file_id}/move": "write",

	"GET /users/me/totp": "session",
	"POST /users/me/totp/setup": "session",
	"POST /users/me/totp/enable": "session",
	"DELETE /users/me/totp": "session",
	"POST /users/me/recovery-codes": "session",
	"GET /users/me/passkeys": "session",
	"POST /users/me/passkeys/options": "session",
	"POST /users/me/passkeys": "session",
	"PATCH /users/me/passkeys/{passkey_id}": "session",
	"DELETE /users/me/passkeys/{passkey_id}": "session",
	"GET /users/me/tokens": "session",
	"POST /users/me/tokens": "session",
	"DELETE /users/me/tokens/{token_id}": "session",
	"POST /users/me/identities/{provider}/link": "session",
	"POST /login/reauthenticate/oidc/{provider}": "session",
	"GET /users/me/sign-in-methods": "session",
	"DELETE /users/me/identities/{identity_id}": "session",

	"GET /users/": "admin:read",
	"GET /users/summary": "admin:read",
	"GET /users/{user_id}/sessions": "admin:read",
	"GET /users/{user_id}/totp": "admin:read",
	"GET /users/{user_id}/tokens": "admin:read",
	"GET /tokens/": "admin:read",
	"GET /audit/": "admin:read",
	"GET /audit/export.csv": "admin:read",
	"GET /users/{user_id}/identities": "admin:read",
	"GET /admin/providers": "admin:read",
	"POST /admin/providers/{id}/check": "admin:read",
	"POST /users/": "admin:write",
	"PATCH /users/{user_id}": "admin:write",
	"DELETE /users/{user_id}": "admin:write",
	"POST /users/{user_id}/invite": "admin:write",
	"DELETE /users/{user_id}/invite": "admin:write",
	"DELETE /users/{user_id}/sessions": "admin:write",
	"DELETE /users/{user_id}/totp": "admin:write",
	"DELETE /users/{user_id}/tokens/{token_id}": "admin:write",
	"DELETE /users/{user_id}/identities/{identity_id}": "admin:write",
};

/** A route's key as the table spells it, from Fastify's method and URL (`/api/v1/users/:user_id`). */
export const routeKey = (method: string, url: string): string =>
	`${method} ${url.replace(/^\/api\/v1/, "").replace(/:(\w+)/g, "{$1}")}`;
