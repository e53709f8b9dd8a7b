import { randomUUID } from "node:crypto";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { first } from "../../../db/query.ts";
import { type UserRow, userIdentities } from "../../../db/schema.ts";
import { recordAudit } from "../../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import type { ProvenIdentity } from "./identity.ts";

/** How an identity came to be linked: by its verified e-mail at a sign-in, from Settings, or at a sign-up. */
export type LinkedBy = "email" | "settings" | "signup";

/**
 * Links (`issuer`, `subject`) to the account, inside the caller's transaction, with its
 * `identity.link` audit row. `emailAtLink` is the address shown beside it; `usedNow` when
 * the link is part of a sign-in. False, writing nothing, when the identity is already
 * linked (the unique (iss, sub)): each caller says what that means for it.
 */
export async function linkIdentityRow(
	deps: ServiceDeps,
	account: UserRow,
	provider: OidcProviderConfig,
	identity: ProvenIdentity,
	link: { by: LinkedBy; emailAtLink: string | null; usedNow: boolean },
	meta: RequestMeta,
): Promise<boolean> {
	const now = deps.clock();
	const linked = await first(
		deps.db
			.insert(userIdentities)
			.values({
				id: randomUUID(),
				userId: account.id,
				provider: provider.id,
				issuer: identity.issuer,
				subject: identity.subject,
				emailAtLink: link.emailAtLink,
				createdAt: now,
				lastUsedAt: link.usedNow ? now : null,
			})
			.onConflictDoNothing()
			.returning({ id: userIdentities.id }),
	);
	if (!linked) return false;
	await recordAudit(deps, {
		action: "identity.link",
		actor: account,
		subject: account,
		meta,
		details: { provider: provider.id, by: link.by },
	});
	return true;
}
