import { CONTROL_CHARACTERS, email as emailField } from "../../../../shared/schemas/fields.ts";
import type { OidcProviderConfig } from "../../../config-oidc.ts";
import type { UserRow } from "../../../db/schema.ts";
import { atomically } from "../../../db/transaction.ts";
import { DomainError, fail } from "../../../domain/errors.ts";
import { recordAudit } from "../../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import { emailTakenByOther, insertUser } from "../../users/records.ts";
import type { ProvenIdentity } from "./identity.ts";
import { linkIdentityRow } from "./link-row.ts";

/** The longest full name stored (shared/schemas/fields.ts). */
const FULL_NAME_MAX = 255;

/**
 * Sign-up through a provider (OIDC `_SIGNUP`, GITHUB_SIGNUP), in the transaction that
 * records the hand-off (`deps` are its deps), once the caller's rules held (a verified
 * address in an allowed domain; GitHub: the verified primary address and an allowed
 * organisation). An address some account has (or may take back) never gets a second
 * account. The new one has no password (a password login fails as a wrong one; recovery
 * by e-mail sets one), a verified address, is active and never a superuser; its identity
 * row is written with it.
 */
export async function signUpThroughProvider(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	identity: ProvenIdentity,
	email: string,
	meta: RequestMeta,
): Promise<UserRow | "email_invalid" | "email_has_account"> {
	if (!emailField().safeParse(email).success) return "email_invalid";
	if (await emailTakenByOther(deps, email)) return "email_has_account";
	const signedUp = (deps: ServiceDeps) =>
		insertUser(
			deps,
			{
				email,
				fullName: fullNameOf(identity.name),
				password: null,
				isActive: true,
				isSuperuser: false,
				emailVerified: true,
			},
			"SIGNUP_EMAIL_TAKEN",
			{
				transaction: (work) => work(deps),
				afterInsert: (deps, user) => linkNewAccount(deps, provider, identity, user, meta),
			},
		);
	// A savepoint: should the unique address or identity be taken after all, nothing of it stays.
	return await atomically(deps, signedUp).catch((error: unknown) => {
		if (error instanceof DomainError) return "email_has_account" as const;
		throw error;
	});
}

async function linkNewAccount(
	deps: ServiceDeps,
	provider: OidcProviderConfig,
	identity: ProvenIdentity,
	user: UserRow,
	meta: RequestMeta,
): Promise<void> {
	await recordAudit(deps, { action: "user.signup", actor: user, subject: user, meta, details: { via: provider.id } });
	// Taken meanwhile (the savepoint around this sign-up then undoes the account too).
	const link = { by: "signup", emailAtLink: user.email, usedNow: true } as const;
	if (!(await linkIdentityRow(deps, user, provider, identity, link, meta))) fail("SIGNUP_EMAIL_TAKEN");
}

/** The provider's name for the person on one line, cut to the field's limit; none when empty. */
export function fullNameOf(name: string | undefined): string | null {
	const line = (name ?? "").replace(new RegExp(CONTROL_CHARACTERS.source, "gu"), " ").trim();
	let cut = line.slice(0, FULL_NAME_MAX);
	// Not half of a character that needs two UTF-16 units.
	if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
	return cut.trim() || null;
}
