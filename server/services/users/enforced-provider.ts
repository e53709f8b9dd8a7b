import type { Config } from "../../config.ts";
import type { OidcProviderConfig } from "../../config-oidc.ts";
import type { UserRow } from "../../db/schema.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";

/**
 * `OIDC_<ID>_ENFORCE=true`: an address in that provider's allowed domains signs in through
 * the provider only. Password sign-in (the login and the second step after it), password
 * recovery, and the password as a proof once signed in (re-authentication, the current
 * password of a change) are refused for it, superusers excepted (the break-glass way in
 * when the provider is down). The one place this rule is decided
 * (docs/guides/sign-in-providers.md, Enforce).
 */

/** The provider that enforces its sign-in for this address's domain (exact, as the linking rules compare). */
export function enforcingProvider(
	config: Pick<Config, "oidcProviders">,
	email: string,
): OidcProviderConfig | undefined {
	const address = email.trim().toLowerCase();
	const domain = address.slice(address.lastIndexOf("@") + 1);
	return config.oidcProviders.find((provider) => provider.enforce && provider.allowedDomains.includes(domain));
}

/**
 * Whether a password may not be used for this address: its domain is enforced and the account
 * (when there is one) is no superuser. An unknown address of an enforced domain is refused
 * the same, so the answer never says whether an account exists or is a superuser.
 */
export const passwordRefused = (
	config: Pick<Config, "oidcProviders">,
	email: string,
	account: Pick<UserRow, "isSuperuser"> | undefined,
): boolean => enforcingProvider(config, email) !== undefined && account?.isSuperuser !== true;

/** The audit row of a password refused under an enforced provider. Inside a transaction. */
export async function recordEnforcedRefusal(
	deps: ServiceDeps,
	email: string,
	account: Pick<UserRow, "id" | "email"> | undefined,
	meta: RequestMeta,
	during?: "two_factor" | "password_recovery" | "password_reset" | "password_change" | "reauthenticate",
): Promise<void> {
	const provider = enforcingProvider(deps.config, email)?.id ?? "";
	await recordAudit(deps, {
		action: "auth.login_failed",
		subject: account ?? null,
		meta,
		details: { ...(during ? { during } : {}), reason: "enforced", provider },
	});
}
