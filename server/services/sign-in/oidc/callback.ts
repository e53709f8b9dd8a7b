import { randomBytes } from "node:crypto";
import { lte } from "drizzle-orm";
import type { Configuration } from "openid-client";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { oidcHandoffs } from "../../../db/schema.ts";
import { atomically } from "../../../db/transaction.ts";
import { fail } from "../../../domain/errors.ts";
import { loadOpenIdClient } from "../../../lib/openid.ts";
import { hashSecretHex } from "../../../lib/tokens.ts";
import { recordAudit } from "../../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import { type SpentFlow, takeFlow } from "./flow.ts";
import { type GithubIdentity, provenGithubIdentity } from "./github.ts";
import { accountOfIdentity, type ProvenIdentity } from "./identity.ts";
import { isProviderTimeout } from "./provider-fetch.ts";
import { callbackUrl, providerById, providerConfiguration } from "./providers.ts";

/** The hand-off code lives this long: the browser posts it as soon as the page loads. */
export const HANDOFF_TTL_MS = 60_000;

export type Handoff = { code: string; returnTo: string };

/**
 * GET /login/oidc/{id}/callback: the provider sent the browser back. The flow is taken
 * (its state, this browser's binding), then openid-client checks the answer and the
 * id_token in full: `iss` of the answer when the provider advertises RFC 9207 (mix-up),
 * the code exchanged with the PKCE verifier, the id_token's signature, `iss` exactly,
 * `aud`, `azp`, `exp` and `nonce`; the e-mail claims are read from userinfo too, whose
 * `sub` must be the id_token's (GitHub, plain OAuth 2: the code exchanged, then its API
 * read with that token, github.ts). The identity's account (linking rules in identity.ts) is
 * recorded for a single-use hand-off code (or that it has none): Portico's tokens never
 * travel in a URL.
 */
export async function finishProviderSignIn(
	deps: ServiceDeps,
	providerId: string,
	query: URLSearchParams,
	binding: string | undefined,
	meta: RequestMeta,
): Promise<Handoff> {
	await deps.limiter.take(deps, "login", meta.ip);
	const provider = providerById(deps, providerId);
	const flow = await takeFlow(deps, provider.id, query.get("state"), binding);
	if (!flow) return await refused(deps, provider, meta, "flow");
	const configuration = await providerConfiguration(deps, provider);
	let failure = "provider_answer";
	const proving: Promise<ProvenIdentity | GithubIdentity> =
		provider.kind === "github"
			? provenGithubIdentity(deps, provider, configuration, flow, query)
			: provenIdentity(deps, provider, configuration, flow, query);
	const identity = await proving.catch(async (error: unknown) => {
		deps.log.warn({ provider: provider.id, err: error }, "provider sign-in refused");
		// Its token, keys or userinfo endpoint did not answer in time (provider-fetch.ts).
		if (isProviderTimeout(error)) failure = "provider_timeout";
		return null;
	});
	if (!identity) return await refused(deps, provider, meta, failure);
	const code = randomBytes(32).toString("base64url");
	const now = deps.clock();
	await atomically(deps, async (deps) => {
		// GitHub with GITHUB_ALLOWED_ORGS: a member of none of them is refused, linked or not.
		const account =
			"inAllowedOrg" in identity && !identity.inAllowedOrg
				? ("org_not_allowed" as const)
				: await accountOfIdentity(deps, provider, identity, meta);
		if (typeof account === "string") await recordFailure(deps, provider, meta, account, null);
		await deps.db.delete(oidcHandoffs).where(lte(oidcHandoffs.expiresAt, now));
		// An identity with no account is answered by the hand-off too: the refusal reaches the
		// browser that started the flow, in its POST, and no URL says whether an account exists.
		await deps.db.insert(oidcHandoffs).values({
			codeHash: hashSecretHex(code),
			bindingHash: flow.bindingHash,
			provider: provider.id,
			userId: typeof account === "string" ? null : account.id,
			refusal:
				typeof account !== "string" ? null : account === "org_not_allowed" ? "ORG_NOT_ALLOWED" : "IDENTITY_NOT_LINKED",
			returnTo: flow.returnTo,
			expiresAt: now + HANDOFF_TTL_MS,
			createdAt: now,
		});
	});
	return { code, returnTo: flow.returnTo };
}

async function provenIdentity(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	configuration: Configuration,
	flow: SpentFlow,
	query: URLSearchParams,
): Promise<ProvenIdentity> {
	const client = await loadOpenIdClient();
	const answer = new URL(callbackUrl(deps, provider));
	answer.search = query.toString();
	const tokens = await client.authorizationCodeGrant(configuration, answer, {
		pkceCodeVerifier: flow.codeVerifier,
		// The row was found by this state's hash: it is the one this flow sent.
		expectedState: query.get("state") ?? "",
		expectedNonce: flow.nonce,
		idTokenExpected: true,
	});
	const claims = tokens.claims();
	if (!claims) throw new Error("no id_token");
	// OpenID Connect Core 1.0, section 2: `sub` is at most 255 ASCII characters; longer is not stored.
	if (claims.sub.length > 255) throw new Error("sub longer than 255 characters");
	let email = typeof claims.email === "string" ? claims.email : undefined;
	let verified = typeof claims.email_verified === "boolean" ? claims.email_verified : undefined;
	let name = typeof claims.name === "string" ? claims.name : undefined;
	if (configuration.serverMetadata().userinfo_endpoint) {
		const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
		if (typeof info.email === "string") {
			email = info.email;
			verified = typeof info.email_verified === "boolean" ? info.email_verified : undefined;
		}
		if (typeof info.name === "string") name = info.name;
	}
	// An address longer than the column is not cut (cut, it would be another address): there is none.
	if (email !== undefined && email.length > 255) email = undefined;
	return { issuer: claims.iss, subject: claims.sub, email, emailVerified: verified, name };
}

/** A failed sign-in through a provider: an audit row with the reason's word (never a token or claim). */
async function recordFailure(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	meta: RequestMeta,
	reason: string,
	subject: null,
): Promise<void> {
	await recordAudit(deps, {
		action: "auth.login_failed",
		subject,
		meta,
		details: { during: provider.kind, provider: provider.id, reason },
	});
}

async function refused(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	meta: RequestMeta,
	reason: string,
): Promise<never> {
	await atomically(deps, async (deps) => recordFailure(deps, provider, meta, reason, null));
	return fail("PROVIDER_SIGN_IN_FAILED");
}
