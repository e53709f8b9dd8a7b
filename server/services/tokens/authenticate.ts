import { eq } from "drizzle-orm";
import { apiTokens } from "../../db/schema.ts";
import { looksLikeAccessToken, parseAccessToken } from "../../lib/access-tokens.ts";
import { secretMatches } from "../../lib/tokens.ts";
import type { ServiceDeps } from "../deps.ts";
import type { TokenRecord } from "../sessions/check-cache.ts";
import { hasAdminScope, type TokenPrincipal } from "../sessions/principal.ts";
import { sessionChecksOf } from "../sessions/session-lookup.ts";

/** `last_used_at` is written at most this often (the session touch rule): a script's reads stay reads. */
export const TOKEN_TOUCH_EVERY_MS = 60_000;

export { looksLikeAccessToken };

/** What a request may do with a token that holds now: its owner, with superuser powers only through an admin scope. */
function principalOf(deps: ServiceDeps, record: TokenRecord | undefined, secret: string | null): TokenPrincipal | null {
	if (!record) return null;
	if (secret !== null && !secretMatches(secret, record.secretHash)) return null;
	const now = deps.clock();
	if (record.revokedAt !== null || record.token.expiresAt <= now || !record.user.isActive) return null;
	const { user, token } = record;
	const isSuperuser = user.isSuperuser && hasAdminScope(token.scopes);
	return { user: isSuperuser === user.isSuperuser ? user : { ...user, isSuperuser }, token };
}

/**
 * The principal behind a personal access token presented as a Bearer credential, as the
 * database holds it now (revocation, expiry, deactivation, deletion and demotion are
 * seen at once: the session-check cache forgets a token when its row or its owner's is
 * written). A token whose checksum fails is refused before any read; a well-formed one
 * that does not hold counts in the client's login bucket (429 once it is empty).
 */
export async function authenticatePersonalToken(
	deps: ServiceDeps,
	credential: string,
	ip: string,
): Promise<TokenPrincipal | null> {
	const parsed = parseAccessToken(credential);
	if (!parsed) return null;
	const principal = principalOf(deps, await sessionChecksOf(deps.db).getToken(parsed.id), parsed.secret);
	if (!principal) {
		await deps.limiter.take(deps, "login", ip);
		return null;
	}
	const now = deps.clock();
	const { lastUsedAt } = principal.token;
	if (lastUsedAt === null || now - lastUsedAt >= TOKEN_TOUCH_EVERY_MS) {
		// The write makes the cache forget this token; the next request reads the new time.
		await deps.db.update(apiTokens).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiTokens.id, parsed.id));
		return { ...principal, token: { ...principal.token, lastUsedAt: now } };
	}
	return principal;
}

/**
 * The token as it is now, for a write decided before an await (inside the write's
 * transaction, never from the cache): null once revoked, expired, or its owner
 * deactivated or deleted; its admin powers follow the owner's current row.
 */
export async function liveToken(deps: ServiceDeps, tokenId: string): Promise<TokenPrincipal | null> {
	return principalOf(deps, await sessionChecksOf(deps.db).readToken(tokenId), null);
}
