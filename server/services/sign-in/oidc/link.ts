import { and, eq } from "drizzle-orm";
import type { ErrorReason } from "../../../../shared/errors.ts";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { first } from "../../../db/query.ts";
import { type UserRow, userIdentities } from "../../../db/schema.ts";
import { atomically } from "../../../db/transaction.ts";
import { fail } from "../../../domain/errors.ts";
import { recordAudit } from "../../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import { hasIdentityOf } from "../../identities/methods.ts";
import { lockAccount } from "../../identities/way-in.ts";
import { sendNotice } from "../../notices.ts";
import type { Authenticated } from "../../sessions/principal.ts";
import { liveSession, requireRecentAuth } from "../../sessions/session.ts";
import { findUserById } from "../../users/records.ts";
import { type SpentFlow, type StartedFlow, startProviderFlow } from "./flow.ts";
import type { ProvenIdentity } from "./identity.ts";
import { linkIdentityRow } from "./link-row.ts";
import { providerById } from "./providers.ts";

/**
 * POST /users/me/identities/{provider}/link: a signed-in person (a recent proof of identity
 * needed) goes to the provider to link their identity there to this account. The flow row
 * carries the user and the session, which must still be live when the provider answers.
 */
export async function startLink(
	deps: ServiceDeps,
	auth: Authenticated,
	providerId: string,
	returnTo: string | undefined,
	meta: RequestMeta,
): Promise<StartedFlow> {
	const { user, session } = requireRecentAuth(deps, auth);
	await deps.limiter.take(deps, "login", meta.ip);
	const provider = providerById(deps, providerId);
	return startProviderFlow(deps, provider, { purpose: "link", userId: user.id, sessionId: session.id }, returnTo);
}

/**
 * Rules a provider kind adds to a link (GitHub's organisations): a refusal's reason, or
 * null. None for OpenID Connect: the person proved both sides, so the provider's e-mail
 * need not be verified and its domain need not be allowed.
 */
export type LinkRule = (provider: OidcProviderConfig, identity: ProvenIdentity) => Promise<ErrorReason | null>;
const noRule: LinkRule = async () => null;

/**
 * The callback of a link, in one transaction (decision 012): the session that started it
 * is still live and its user the flow's; the identity (iss, sub) is no other account's
 * (IDENTITY_LINKED_ELSEWHERE); the account has no other identity of this provider
 * (PROVIDER_ALREADY_LINKED; the same identity again changes nothing). A refusal leaves an
 * auth.login_failed row {during: "link"}; a link, identity.link {by: "settings"}, and the
 * owner is told by e-mail once it committed.
 */
export async function finishLink(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	flow: SpentFlow,
	identity: ProvenIdentity,
	meta: RequestMeta,
	rule: LinkRule = noRule,
): Promise<void> {
	const ruled = await rule(provider, identity);
	const outcome = await atomically(
		deps,
		async (deps): Promise<{ linked: UserRow | null } | { refused: ErrorReason }> => {
			const auth = flow.sessionId ? await liveSession(deps, flow.sessionId) : null;
			const user = auth && auth.user.id === flow.userId ? await findUserById(deps, auth.user.id) : undefined;
			if (!user) return { refused: "INVALID_CREDENTIALS" };
			await lockAccount(deps, user.id);
			const refusal = ruled ?? (await conflict(deps, provider, identity, user.id));
			if (refusal === "SAME_IDENTITY") return { linked: null };
			if (refusal) {
				await recordAudit(deps, {
					action: "auth.login_failed",
					subject: user,
					meta,
					details: { during: "link", provider: provider.id, reason: refusal },
				});
				return { refused: refusal };
			}
			const emailAtLink = identity.email?.trim().toLowerCase() ?? null;
			// Checked above under the account's lock and the one writer: only a bug would find it taken.
			if (
				!(await linkIdentityRow(deps, user, provider, identity, { by: "settings", emailAtLink, usedNow: false }, meta))
			)
				fail("IDENTITY_LINKED_ELSEWHERE");
			return { linked: user };
		},
	);
	if ("refused" in outcome) return fail(outcome.refused);
	if (outcome.linked) sendNotice(deps, outcome.linked, { kind: "identityLinked", provider: provider.name }, meta);
}

/** What stands in the way of linking `identity` to the user: another account has it, or the user has another of this provider. */
async function conflict(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	identity: ProvenIdentity,
	userId: string,
): Promise<"IDENTITY_LINKED_ELSEWHERE" | "PROVIDER_ALREADY_LINKED" | "SAME_IDENTITY" | null> {
	const existing = await first(
		deps.db
			.select({ userId: userIdentities.userId })
			.from(userIdentities)
			.where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject))),
	);
	if (existing) return existing.userId === userId ? "SAME_IDENTITY" : "IDENTITY_LINKED_ELSEWHERE";
	return (await hasIdentityOf(deps, userId, provider.id)) ? "PROVIDER_ALREADY_LINKED" : null;
}
