import { randomBytes } from "node:crypto";
import { lte } from "drizzle-orm";
import type { Configuration } from "openid-client";
import type { ErrorReason } from "../../../../shared/errors.ts";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { oidcHandoffs } from "../../../db/schema.ts";
import { atomically } from "../../../db/transaction.ts";
import { DomainError, fail } from "../../../domain/errors.ts";
import { loadOpenIdClient } from "../../../lib/openid.ts";
import { hashSecretHex } from "../../../lib/tokens.ts";
import { recordAudit } from "../../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import { findUserById } from "../../users/records.ts";
import { exchangeCode, type SpentFlow, takeFlow } from "./flow.ts";
import { type GithubIdentity, provenGithubIdentity } from "./github.ts";
import { accountOfIdentity, type ProvenIdentity, type Unlinked } from "./identity.ts";
import { finishLink, type LinkRule } from "./link.ts";
import { isProviderTimeout } from "./provider-fetch.ts";
import { providerById, providerConfiguration } from "./providers.ts";
import { finishReauthentication } from "./reauth.ts";

/** The hand-off code lives this long: the browser posts it as soon as the page loads. */
export const HANDOFF_TTL_MS = 60_000;

export type Handoff = { code: string; returnTo: string };

/** What a callback ends in, by the flow's purpose; a link's or re-authentication's refusal keeps its return path. */
export type FlowOutcome =
	| ({ purpose: "login" } & Handoff)
	| { purpose: "link"; returnTo: string; linked: string }
	| { purpose: "reauth"; returnTo: string; reauthenticated: true }
	| { purpose: "link" | "reauth"; returnTo: string; refused: ErrorReason };

/** A sign-in's callback (a login flow): its hand-off. For the callback of any flow, see `finishProviderFlow`. */
export async function finishProviderSignIn(
	deps: ServiceDeps,
	providerId: string,
	query: URLSearchParams,
	binding: string | undefined,
	meta: RequestMeta,
): Promise<Handoff> {
	const outcome = await finishProviderFlow(deps, providerId, query, binding, meta);
	if (outcome.purpose !== "login") return fail("PROVIDER_SIGN_IN_FAILED");
	return { code: outcome.code, returnTo: outcome.returnTo };
}

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
export async function finishProviderFlow(
	deps: ServiceDeps,
	providerId: string,
	query: URLSearchParams,
	binding: string | undefined,
	meta: RequestMeta,
): Promise<FlowOutcome> {
	await deps.limiter.take(deps, "login", meta.ip);
	const provider = providerById(deps, providerId);
	const flow = await takeFlow(deps, provider.id, query.get("state"), binding);
	if (!flow) return await refused(deps, provider, meta, "flow");
	if (flow.purpose === "login") return { purpose: "login", ...(await finishSignIn(deps, provider, flow, query, meta)) };
	const { purpose, returnTo } = flow;
	try {
		const answer = await answeredIdentity(deps, provider, flow, query);
		if ("failure" in answer) {
			const during = purpose === "link" ? "link" : "reauthenticate";
			await atomically(deps, async (deps) =>
				recordFailure(deps, provider, meta, answer.failure, { during, userId: flow.userId }),
			);
			return { purpose, returnTo, refused: "PROVIDER_SIGN_IN_FAILED" };
		}
		const { identity } = answer;
		if (purpose === "link") {
			await finishLink(deps, provider, flow, identity, meta, githubOrganisations);
			return { purpose, returnTo, linked: provider.id };
		}
		await finishReauthentication(deps, provider, flow, identity, meta);
		return { purpose, returnTo, reauthenticated: true };
	} catch (error) {
		if (error instanceof DomainError) return { purpose, returnTo, refused: error.reason };
		throw error;
	}
}

/**
 * What the browser is told when an identity finds no account: an organisation or a domain
 * the settings do not allow, in those words (they say nothing of any account); every other
 * reason (no address, an unverified one, no such account, an account that may not be
 * linked) as "not linked", so that the answer never tells whether an address has an account.
 */
const handoffRefusal = (reason: Unlinked | "org_not_allowed"): ErrorReason =>
	reason === "org_not_allowed"
		? "ORG_NOT_ALLOWED"
		: reason === "domain_not_allowed"
			? "DOMAIN_NOT_ALLOWED"
			: "IDENTITY_NOT_LINKED";

/** GitHub with GITHUB_ALLOWED_ORGS links only a member of one of them, as it signs in only one. */
const githubOrganisations: LinkRule = async (_provider, identity) =>
	"inAllowedOrg" in identity && identity.inAllowedOrg === false ? "ORG_NOT_ALLOWED" : null;

/** The provider's answer checked in full (see above), or why it did not hold (the audit's word). */
async function answeredIdentity(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	flow: SpentFlow,
	query: URLSearchParams,
): Promise<{ identity: ProvenIdentity | GithubIdentity } | { failure: string }> {
	const configuration = await providerConfiguration(deps, provider);
	const proving: Promise<ProvenIdentity | GithubIdentity> =
		provider.kind === "github"
			? provenGithubIdentity(deps, provider, configuration, flow, query)
			: provenIdentity(deps, provider, configuration, flow, query);
	return await proving.then(
		(identity) => ({ identity }),
		(error: unknown) => {
			deps.log.warn({ provider: provider.id, purpose: flow.purpose, err: error }, "provider sign-in refused");
			// Its token, keys or userinfo endpoint did not answer in time (provider-fetch.ts).
			return { failure: isProviderTimeout(error) ? "provider_timeout" : "provider_answer" };
		},
	);
}

async function finishSignIn(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	flow: SpentFlow,
	query: URLSearchParams,
	meta: RequestMeta,
): Promise<Handoff> {
	const answer = await answeredIdentity(deps, provider, flow, query);
	if ("failure" in answer) return await refused(deps, provider, meta, answer.failure);
	const { identity } = answer;
	const code = randomBytes(32).toString("base64url");
	const now = deps.clock();
	await atomically(deps, async (deps) => {
		// GitHub with GITHUB_ALLOWED_ORGS: a member of none of them is refused, linked or not.
		const account =
			"inAllowedOrg" in identity && !identity.inAllowedOrg
				? ("org_not_allowed" as const)
				: await accountOfIdentity(deps, provider, identity, meta);
		if (typeof account === "string") await recordFailure(deps, provider, meta, account);
		await deps.db.delete(oidcHandoffs).where(lte(oidcHandoffs.expiresAt, now));
		// An identity with no account is answered by the hand-off too: the refusal reaches the
		// browser that started the flow, in its POST, and no URL says whether an account exists.
		await deps.db.insert(oidcHandoffs).values({
			codeHash: hashSecretHex(code),
			bindingHash: flow.bindingHash,
			provider: provider.id,
			userId: typeof account === "string" ? null : account.id,
			refusal: typeof account === "string" ? handoffRefusal(account) : null,
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
	const tokens = await exchangeCode(deps, provider, configuration, flow, query);
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
	return {
		issuer: claims.iss,
		subject: claims.sub,
		email,
		emailVerified: verified,
		name,
		authTime: typeof claims.auth_time === "number" ? claims.auth_time : undefined,
	};
}

/**
 * A failed sign-in (or link, or re-authentication) through a provider: an audit row with the
 * reason's word (never a token or claim), about the flow's user when it had one.
 */
export async function recordFailure(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	meta: RequestMeta,
	reason: string,
	{ during = provider.kind, userId = null }: { during?: string; userId?: string | null } = {},
): Promise<void> {
	const user = userId ? await findUserById(deps, userId) : undefined;
	await recordAudit(deps, {
		action: "auth.login_failed",
		subject: user ?? null,
		meta,
		details: { during, provider: provider.id, reason },
	});
}

async function refused(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	meta: RequestMeta,
	reason: string,
): Promise<never> {
	await atomically(deps, async (deps) => recordFailure(deps, provider, meta, reason));
	return fail("PROVIDER_SIGN_IN_FAILED");
}
