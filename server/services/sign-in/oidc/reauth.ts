import { and, eq } from "drizzle-orm";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { first } from "../../../db/query.ts";
import { userIdentities } from "../../../db/schema.ts";
import { atomically } from "../../../db/transaction.ts";
import { fail } from "../../../domain/errors.ts";
import { recordAudit } from "../../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import { hasIdentityOf } from "../../identities/methods.ts";
import type { Authenticated } from "../../sessions/principal.ts";
import { liveSession, markAuthenticated, throughSession } from "../../sessions/session.ts";
import { type SpentFlow, type StartedFlow, startProviderFlow } from "./flow.ts";
import type { ProvenIdentity } from "./identity.ts";
import { providerById } from "./providers.ts";

/** How far the provider's clock may be behind ours when it says when the person signed in. */
export const AUTH_TIME_SKEW_MS = 30_000;

/**
 * POST /login/reauthenticate/oidc/{provider}: a fresh proof of identity at the provider
 * (for an account without a password, say) for the actions that need recent authentication.
 * The caller must have an identity of that provider; the provider is asked to sign the
 * person in again (`max_age=0`, `prompt=login`), whatever session it holds.
 */
export async function startReauthentication(
	deps: ServiceDeps,
	auth: Authenticated,
	providerId: string,
	returnTo: string | undefined,
	meta: RequestMeta,
): Promise<StartedFlow> {
	const { user, session } = throughSession(auth);
	await deps.limiter.take(deps, "login", meta.ip);
	const provider = providerById(deps, providerId);
	// GitHub honours neither max_age nor prompt=login and says nothing of when the person
	// signed in: a round trip there proves a live GitHub session, not a fresh sign-in. A
	// sign-in through GitHub counts as fresh (the admission), so that is the way.
	if (provider.kind === "github") fail("PROVIDER_CANNOT_REAUTHENTICATE");
	if (!(await hasIdentityOf(deps, user.id, provider.id))) fail("IDENTITY_NOT_LINKED");
	return startProviderFlow(deps, provider, { purpose: "reauth", userId: user.id, sessionId: session.id }, returnTo, {
		max_age: "0",
		prompt: "login",
	});
}

/** Why a re-authentication through a provider was refused, for the audit row. */
type Refusal = "session" | "identity" | "auth_time";

/**
 * The callback of a re-authentication, in one transaction: the session that started it is
 * still live; the identity that came back is the one linked to its user for this provider
 * (same iss and sub); the id_token says when the person signed in (`auth_time`), and that
 * was not before the flow started (a provider ignoring `max_age=0` answers from an older
 * sign-in). Then the session is marked freshly authenticated; otherwise an
 * auth.login_failed row says why.
 */
export async function finishReauthentication(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	flow: SpentFlow,
	identity: ProvenIdentity,
	meta: RequestMeta,
): Promise<void> {
	const refused = await atomically(deps, async (deps): Promise<Refusal | null> => {
		const auth = flow.sessionId ? await liveSession(deps, flow.sessionId) : null;
		const user = auth?.user.id === flow.userId ? auth?.user : undefined;
		const refusal = await whyNot(deps, provider, flow, identity, user?.id);
		if (refusal) {
			await recordAudit(deps, {
				action: "auth.login_failed",
				subject: user ?? null,
				meta,
				details: { during: "reauthenticate", method: "oidc", provider: provider.id, reason: refusal },
			});
			return refusal;
		}
		if (!auth || !user) return "session";
		await markAuthenticated(deps, auth.session.id);
		await deps.db
			.update(userIdentities)
			.set({ lastUsedAt: deps.clock() })
			.where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
		await recordAudit(deps, {
			action: "auth.reauthenticate",
			actor: user,
			subject: user,
			meta,
			details: { method: "oidc", provider: provider.id },
		});
		return null;
	});
	if (refused === "session") fail("INVALID_CREDENTIALS");
	if (refused === "identity") fail("IDENTITY_NOT_LINKED");
	if (refused) fail("PROVIDER_SIGN_IN_FAILED");
}

async function whyNot(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	flow: SpentFlow,
	identity: ProvenIdentity,
	userId: string | undefined,
): Promise<Refusal | null> {
	if (!userId) return "session";
	const linked = await first(
		deps.db
			.select({ id: userIdentities.id })
			.from(userIdentities)
			.where(
				and(
					eq(userIdentities.userId, userId),
					eq(userIdentities.provider, provider.id),
					eq(userIdentities.issuer, identity.issuer),
					eq(userIdentities.subject, identity.subject),
				),
			),
	);
	if (!linked) return "identity";
	if (identity.authTime === undefined || identity.authTime * 1000 < flow.createdAt - AUTH_TIME_SKEW_MS)
		return "auth_time";
	return null;
}
