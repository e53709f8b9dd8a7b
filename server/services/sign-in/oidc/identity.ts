import { and, eq } from "drizzle-orm";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import { first } from "../../../db/query.ts";
import { type UserRow, userIdentities } from "../../../db/schema.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import { hasIdentityOf } from "../../identities/methods.ts";
import { findUserByEmail, findUserById } from "../../users/records.ts";
import { linkIdentityRow } from "./link-row.ts";
import { signUpThroughProvider } from "./signup.ts";

/** What the provider said about the person, its id_token checked (and its userinfo, same `sub`). */
export type ProvenIdentity = {
	issuer: string;
	subject: string;
	email: string | undefined;
	/** The provider's `email_verified`: absent is not true (unless the provider is trusted for it). */
	emailVerified: boolean | undefined;
	/** The person's name (`name` claim; GitHub: name or login), for an account signed up through the provider. */
	name?: string | undefined;
	/** The id_token's `auth_time` (seconds), when the provider sent it: a re-authentication needs it. */
	authTime?: number | undefined;
};

/** Why an identity found no account, for the audit row. */
export type Unlinked =
	| "no_email"
	| "email_not_verified"
	| "domain_not_allowed"
	| "no_account"
	| "account_not_verified"
	| "account_inactive"
	| "provider_already_linked"
	| "not_linked"
	| "email_invalid"
	| "email_has_account";

/**
 * The account an identity signs in to, inside the transaction that records the hand-off
 * (decision 012): the one linked to (`issuer`, `subject`), never found by e-mail or name.
 * Otherwise it is linked by e-mail only when every rule holds: the provider says the
 * address is verified (absent counts as false unless `TRUST_EMAIL`), its domain is one of
 * the allowed ones (exactly), and the account with that address is verified, active and
 * has no identity of this provider yet. An unverified account is never linked: its address
 * may have been registered by someone else first (pre-hijacking). With the provider's
 * sign-up on, an address no account has gets a new account (signup.ts). GitHub never links
 * by e-mail: an unknown GitHub identity only ever signs up (its organisation was checked).
 */
export async function accountOfIdentity(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	identity: ProvenIdentity,
	meta: RequestMeta,
): Promise<UserRow | Unlinked> {
	const linked = await first(
		deps.db
			.select()
			.from(userIdentities)
			.where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject))),
	);
	if (linked) {
		await deps.db.update(userIdentities).set({ lastUsedAt: deps.clock() }).where(eq(userIdentities.id, linked.id));
		return (await findUserById(deps, linked.userId)) ?? "no_account";
	}
	if (provider.kind === "github" && !provider.signup) return "not_linked";
	const email = identity.email?.trim().toLowerCase();
	if (!email) return "no_email";
	const verified = identity.emailVerified ?? provider.trustEmail;
	if (verified !== true) return "email_not_verified";
	if (provider.kind === "github") return await signUpThroughProvider(deps, provider, identity, email, meta);
	const domain = email.slice(email.lastIndexOf("@") + 1);
	if (!provider.allowedDomains.includes(domain)) return "domain_not_allowed";
	const account = await findUserByEmail(deps, email);
	if (!account)
		return provider.signup ? await signUpThroughProvider(deps, provider, identity, email, meta) : "no_account";
	if (!account.emailVerified) return "account_not_verified";
	if (!account.isActive) return "account_inactive";
	if (await hasIdentityOf(deps, account.id, provider.id)) return "provider_already_linked";
	// Found unlinked above, in this transaction (one writer at a time): only a bug would find it taken.
	if (
		!(await linkIdentityRow(
			deps,
			account,
			provider,
			identity,
			{ by: "email", emailAtLink: email, usedNow: true },
			meta,
		))
	)
		return "provider_already_linked";
	return account;
}
