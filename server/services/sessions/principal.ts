import type { TokenScope } from "../../../shared/schemas/tokens.ts";
import { fail } from "../../domain/errors.ts";
import type { SessionState, SessionUser } from "./check-cache.ts";

/** A personal access token as a request knows it: never its secret's hash. */
export type TokenState = Readonly<{
	id: string;
	userId: string;
	name: string;
	scopes: readonly TokenScope[];
	createdAt: number;
	expiresAt: number;
	lastUsedAt: number | null;
}>;

/** A signed-in person: the browser's or a script's session. */
export type SessionPrincipal = Readonly<{ user: SessionUser; session: SessionState; token?: undefined }>;

/**
 * A script holding a personal access token. Its `user` is the owner as the database holds
 * them now, except that `isSuperuser` is true only while the owner is one AND the token
 * has an admin scope: whatever asks "is this a superuser" asks it of the token's powers.
 */
export type TokenPrincipal = Readonly<{ user: SessionUser; token: TokenState; session?: undefined }>;

/** Who a request speaks for (server/http/session.ts resolves it): a session or a token. */
export type Authenticated = SessionPrincipal | TokenPrincipal;

/**
 * The one rule of "never through a token" (docs/decisions/037): whatever needs the
 * session itself (its proof of identity, its id: credentials, two-factor, passkeys,
 * tokens, own sessions, logout, re-authentication, deleting the account) asks for it
 * here, and a token is refused.
 */
export function throughSession(auth: Authenticated): SessionPrincipal {
	return auth.session ? auth : fail("TOKEN_NOT_ALLOWED");
}

export const hasAdminScope = (scopes: readonly TokenScope[]) =>
	scopes.includes("admin:read") || scopes.includes("admin:write");

/** The details.via of an audit row written through a token: which script did it. */
export const viaOf = (auth: Authenticated | null | undefined) =>
	auth?.token ? { token_id: auth.token.id, name: auth.token.name } : undefined;
