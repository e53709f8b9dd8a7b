import { and, asc, eq } from "drizzle-orm";
import type { IdentityList, IdentityPublic, SignInMethods } from "../../../shared/schemas/identities.ts";
import type { ProviderKind } from "../../config-oidc.ts";
import { first } from "../../db/query.ts";
import { userIdentities } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import type { SessionPrincipal } from "../sessions/principal.ts";
import { enforcingProvider, passwordRefused } from "../users/enforced-provider.ts";
import { findUserById } from "../users/records.ts";
import { waysInOf } from "./way-in.ts";

type IdentityRow = typeof userIdentities.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

/** A provider's display name and kind; an identity of a provider no longer configured shows its id. */
export function providerLabel(deps: ServiceDeps, providerId: string): { name: string; kind: ProviderKind } {
	const provider = deps.config.oidcProviders.find((one) => one.id === providerId);
	// A provider removed from the configuration since the link: its id, as an OpenID one.
	return { name: provider?.name ?? providerId, kind: provider?.kind ?? "oidc" };
}

export function toIdentityPublic(deps: ServiceDeps, row: IdentityRow): IdentityPublic {
	const label = providerLabel(deps, row.provider);
	return {
		id: row.id,
		provider: row.provider,
		provider_name: label.name,
		kind: label.kind,
		email_at_link: row.emailAtLink,
		created_at: iso(row.createdAt),
		last_used_at: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
	};
}

export const identitiesOf = async ({ db }: ServiceDeps, userId: string): Promise<IdentityRow[]> =>
	await db
		.select()
		.from(userIdentities)
		.where(eq(userIdentities.userId, userId))
		.orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));

/** Whether the user has an identity of this provider (an account holds at most one). */
export async function hasIdentityOf({ db }: ServiceDeps, userId: string, providerId: string): Promise<boolean> {
	const row = await first(
		db
			.select({ id: userIdentities.id })
			.from(userIdentities)
			.where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, providerId))),
	);
	return row !== undefined;
}

/** GET /users/me/sign-in-methods: the caller's ways in (Settings, Security). */
export async function mySignInMethods(deps: ServiceDeps, auth: SessionPrincipal): Promise<SignInMethods> {
	const ways = await waysInOf(deps, auth.user.id);
	const rows = await identitiesOf(deps, auth.user.id);
	const { user } = auth;
	return {
		password: ways.password,
		password_enforced_by: passwordRefused(deps.config, user.email, user)
			? (enforcingProvider(deps.config, user.email)?.name ?? null)
			: null,
		passkeys: ways.passkeys,
		identities: rows.map((row) => toIdentityPublic(deps, row)),
	};
}

/** GET /users/{id}/identities (superuser): a user's linked identities. */
export async function identitiesOfUser(deps: ServiceDeps, userId: string): Promise<IdentityList> {
	if (!(await findUserById(deps, userId))) fail("USER_NOT_FOUND");
	const data = (await identitiesOf(deps, userId)).map((row) => toIdentityPublic(deps, row));
	return { data, count: data.length };
}
