import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import type { Configuration } from "openid-client";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { first } from "../../../db/query.ts";
import { oidcFlows } from "../../../db/schema.ts";
import { atomically } from "../../../db/transaction.ts";
import { fail } from "../../../domain/errors.ts";
import { loadOpenIdClient } from "../../../lib/openid.ts";
import { hashSecretHex } from "../../../lib/tokens.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import { liveSession } from "../../sessions/session.ts";
import { callbackUrl, providerById, providerConfiguration } from "./providers.ts";

/** A sign-in at a provider must come back within this time. */
export const FLOW_TTL_MS = 10 * 60_000;
/** Where the browser goes after a sign-in when it asked for nowhere (or somewhere not allowed). */
const HOME = "/";

/** A path on this site only (an open redirect otherwise): `/x`, never `//host`, `/\host` or a scheme. */
export function safeReturnPath(value: string | undefined): string {
	if (!value || value.length > 255 || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
		return HOME;
	const unsafe = [...value].some((char) => char === "\\" || (char.codePointAt(0) ?? 0) < 0x20);
	return unsafe ? HOME : value;
}

/** The browser binding: a random secret in an HttpOnly cookie; its hash in the flow row. */
const newSecret = () => randomBytes(32).toString("base64url");

export const sameHash = (a: string, b: string): boolean =>
	a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type StartedFlow = { authorizationUrl: string; binding: string };

/** Who a flow is for: a sign-in, or a signed-in session's link or re-authentication (its user and session). */
export type FlowOwner = { purpose: "login" } | { purpose: "link" | "reauth"; userId: string; sessionId: string };

/**
 * GET /login/oidc/{id}: the authorization request (code flow, PKCE S256, state, nonce,
 * `response_mode=query`; GitHub: no nonce) and its row, spent once by the callback; `binding` goes in an
 * HttpOnly cookie, so only the browser that started the flow can finish it (login CSRF).
 */
export async function startProviderSignIn(
	deps: ServiceDeps,
	providerId: string,
	returnTo: string | undefined,
	meta: RequestMeta,
): Promise<StartedFlow> {
	await deps.limiter.take(deps, "login", meta.ip);
	return startProviderFlow(deps, providerById(deps, providerId), { purpose: "login" }, returnTo);
}

/**
 * The authorization request of any flow (sign-in, link, re-authentication) and its row;
 * `extra` adds parameters of the request (`max_age`, `prompt` for a re-authentication).
 */
export async function startProviderFlow(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	owner: FlowOwner,
	returnTo: string | undefined,
	extra: Record<string, string> = {},
): Promise<StartedFlow> {
	const configuration = await providerConfiguration(deps, provider);
	const client = await loadOpenIdClient();
	const state = client.randomState();
	// GitHub is OAuth 2 only: no id_token, so no nonce (its row keeps an empty one).
	const nonce = provider.kind === "github" ? "" : client.randomNonce();
	const codeVerifier = client.randomPKCECodeVerifier();
	const binding = newSecret();
	const url = client.buildAuthorizationUrl(configuration, {
		redirect_uri: callbackUrl(deps, provider),
		scope: provider.scopes,
		response_type: "code",
		code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
		code_challenge_method: "S256",
		state,
		...(provider.kind === "github" ? {} : { response_mode: "query", nonce }),
		...extra,
	});
	const now = deps.clock();
	await atomically(deps, async (deps) => {
		// A link or re-authentication is the session's write: it must still be live (decision 012).
		if (owner.purpose !== "login" && (await liveSession(deps, owner.sessionId))?.user.id !== owner.userId)
			fail("INVALID_CREDENTIALS");
		// Housekeeping: flows nobody finished go whenever a new one starts.
		await deps.db.delete(oidcFlows).where(lte(oidcFlows.expiresAt, now));
		await deps.db.insert(oidcFlows).values({
			stateHash: hashSecretHex(state),
			bindingHash: hashSecretHex(binding),
			provider: provider.id,
			codeVerifier,
			nonce,
			purpose: owner.purpose,
			userId: owner.purpose === "login" ? null : owner.userId,
			sessionId: owner.purpose === "login" ? null : owner.sessionId,
			returnTo: safeReturnPath(returnTo),
			expiresAt: now + FLOW_TTL_MS,
			createdAt: now,
		});
	});
	return { authorizationUrl: url.href, binding };
}

export type SpentFlow = typeof oidcFlows.$inferSelect;

/**
 * The flow a callback names by its `state`, taken (so never twice), when it is this
 * provider's, not expired and started by this browser (`binding`, from its cookie).
 */
export async function takeFlow(
	deps: ServiceDeps,
	providerId: string,
	state: string | null,
	binding: string | undefined,
): Promise<SpentFlow | undefined> {
	if (!state || state.length > 512 || !binding) return undefined;
	const flow = await atomically(deps, async (deps) =>
		first(
			deps.db
				.delete(oidcFlows)
				.where(and(eq(oidcFlows.stateHash, hashSecretHex(state)), eq(oidcFlows.provider, providerId)))
				.returning(),
		),
	);
	if (!flow || flow.expiresAt <= deps.clock() || !sameHash(flow.bindingHash, hashSecretHex(binding))) return undefined;
	return flow;
}

export const refuseFlow = (): never => fail("PROVIDER_SIGN_IN_FAILED");

/**
 * The callback's code exchanged at the provider with this flow's PKCE verifier, its state
 * checked; an OpenID provider must also send an id_token carrying the flow's nonce (GitHub,
 * plain OAuth 2, has neither).
 */
export async function exchangeCode(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	configuration: Configuration,
	flow: SpentFlow,
	query: URLSearchParams,
) {
	const client = await loadOpenIdClient();
	const answer = new URL(callbackUrl(deps, provider));
	answer.search = query.toString();
	const openId = provider.kind === "oidc";
	return await client.authorizationCodeGrant(configuration, answer, {
		pkceCodeVerifier: flow.codeVerifier,
		// The row was found by this state's hash: it is the one this flow sent.
		expectedState: query.get("state") ?? "",
		...(openId ? { expectedNonce: flow.nonce } : {}),
		idTokenExpected: openId,
	});
}
