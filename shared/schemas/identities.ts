import { z } from "zod";
import { lookupKey, optionalBoundedText, uuid } from "./fields.ts";
import { userIdParamsSchema } from "./users.ts";

/**
 * Identities at sign-in providers linked to an account, the account's ways in, and the
 * admin's view of the configured providers (docs/guides/sign-in-providers.md).
 */

/** A provider as configured (OIDC_PROVIDERS): its id, as in the callback's path. */
export const providerIdParamsSchema = z.object({
	provider: lookupKey().max(64, { message: "textTooLong" }),
});
export const adminProviderIdParamsSchema = z.object({ id: lookupKey().max(64, { message: "textTooLong" }) });

/** POST /users/me/identities/{provider}/link and POST /login/reauthenticate/oidc/{provider}: where to come back to. */
const providerFlowStartFields = { return_to: optionalBoundedText() };
export const providerFlowStartSchema = z.object(providerFlowStartFields).default({});
export type ProviderFlowStartInput = z.infer<typeof providerFlowStartSchema>;
/** The same for tRPC, which has no path: the provider beside where to come back to. */
export const providerFlowInputSchema = providerIdParamsSchema.extend(providerFlowStartFields);

/** Where the browser goes next: the provider's authorization URL (the flow's cookie is set beside it). */
export const authorizationUrlSchema = z.object({ authorization_url: z.string() });
export type AuthorizationUrl = z.infer<typeof authorizationUrlSchema>;

export const providerKindSchema = z.enum(["oidc", "github"]);

export const identityPublicSchema = z.object({
	id: z.string(),
	provider: z.string(),
	/** The provider's display name, or its id when it is no longer configured. */
	provider_name: z.string(),
	kind: providerKindSchema,
	/** The address the provider gave when it was linked (display only). */
	email_at_link: z.string().nullable(),
	created_at: z.string(),
	last_used_at: z.string().nullable(),
});
export type IdentityPublic = z.infer<typeof identityPublicSchema>;

export const identityListSchema = z.object({ data: z.array(identityPublicSchema), count: z.number() });
export type IdentityList = z.infer<typeof identityListSchema>;

/** GET /users/me/sign-in-methods: every way into the account. */
export const signInMethodsSchema = z.object({
	password: z.boolean(),
	/** The provider this address must sign in with (`OIDC_<ID>_ENFORCE`): its password, set or not, proves nothing. */
	password_enforced_by: z.string().nullable(),
	passkeys: z.number(),
	identities: z.array(identityPublicSchema),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

export const identityIdParamsSchema = z.object({ identity_id: uuid() });
export const userIdentityParamsSchema = userIdParamsSchema.extend(identityIdParamsSchema.shape);

/** GET /admin/providers: one configured provider, never its client secret. */
export const adminProviderSchema = z.object({
	id: z.string(),
	name: z.string(),
	kind: providerKindSchema,
	issuer: z.string(),
	/** What to register at the provider as the redirect (callback) URL. */
	callback_url: z.string(),
	scopes: z.string(),
	allowed_domains: z.array(z.string()),
	allowed_orgs: z.array(z.string()),
	signup: z.boolean(),
	enforce: z.boolean(),
	trust_email: z.boolean(),
	bypass_two_factor: z.boolean(),
	session_ttl_seconds: z.number(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;
export const adminProviderListSchema = z.object({ data: z.array(adminProviderSchema), count: z.number() });
export type AdminProviderList = z.infer<typeof adminProviderListSchema>;

/** POST /admin/providers/{id}/check: a fresh discovery, its outcome and time. */
export const providerCheckSchema = z.object({
	ok: z.boolean(),
	/** Why it failed (a short technical line), null when it worked. */
	detail: z.string().nullable(),
	took_ms: z.number(),
});
export type ProviderCheck = z.infer<typeof providerCheckSchema>;
