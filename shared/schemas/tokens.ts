import { z } from "zod";
import { CONTROL_CHARACTERS, text } from "./fields.ts";

/**
 * What a personal access token may do, deny by default: `read` (own account, profile,
 * media, sessions list, audit), `write` (own profile, name, media), `admin:read` and
 * `admin:write` (the admin routes, only while the owner is a superuser).
 */
export const tokenScopes = ["read", "write", "admin:read", "admin:write"] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** What a REST route asks of a token: a scope, `session` (never a token) or `public` (no credentials). */
export type RouteAccess = TokenScope | "session" | "public";

/** A token's life when none is chosen. */
export const DEFAULT_TOKEN_DAYS = 30;

/** A token's name: one line of at most 100 characters. */
const tokenName = () =>
	text("fieldRequired")
		.trim()
		.min(1, { message: "fieldRequired" })
		.max(100, { message: "tokenNameTooLong" })
		.refine((value) => !CONTROL_CHARACTERS.test(value), { message: "noControlCharacters" });

/** POST /users/me/tokens. The server's PAT_MAX_TTL bounds `expires_in_days` further. */
export const createTokenSchema = z.object({
	name: tokenName(),
	scopes: z
		.array(z.enum(tokenScopes, { error: "scopeInvalid" }), { error: "scopeInvalid" })
		.min(1, { message: "scopeInvalid" })
		.max(tokenScopes.length, { message: "scopeInvalid" })
		.transform((scopes) => [...new Set(scopes)]),
	expires_in_days: z
		.number({ error: "mustBeNumber" })
		.int({ message: "mustBeWholeNumber" })
		.min(1, { message: "tokenDaysInvalid" })
		.max(3650, { message: "tokenDaysInvalid" })
		.default(DEFAULT_TOKEN_DAYS),
});
export type CreateTokenInput = z.infer<typeof createTokenSchema>;

export const tokenPublicSchema = z.object({
	id: z.string(),
	name: z.string(),
	scopes: z.array(z.enum(tokenScopes)),
	created_at: z.string(),
	expires_at: z.string(),
	last_used_at: z.string().nullable(),
	last_used_ip: z.string().nullable(),
	revoked_at: z.string().nullable(),
	/** The owner, for the admin's lists. */
	user_id: z.string(),
	user_email: z.string(),
});
export type TokenPublic = z.infer<typeof tokenPublicSchema>;

export const tokensPublicSchema = z.object({ data: z.array(tokenPublicSchema), count: z.number().int() });
export type TokensPublic = z.infer<typeof tokensPublicSchema>;

/** The answer of a creation: the token itself, shown this once. */
export const createdTokenSchema = tokenPublicSchema.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

/** Any string: an id that is not one of the tokens in view is a 404. */
export const tokenIdParamsSchema = z.object({
	token_id: z
		.string({ error: "mustBeText" })
		.max(64, "textTooLong")
		.refine((value) => !CONTROL_CHARACTERS.test(value), { message: "noControlCharacters" }),
});

/** GET /tokens/: the admin's list of every token, filtered. */
export const tokenListQuerySchema = z.object({
	user_id: z.string({ error: "mustBeText" }).max(64, "textTooLong").optional(),
	/** Only tokens unused since this many days (never used included). */
	unused_days: z.coerce
		.number({ error: "mustBeNumber" })
		.int({ message: "mustBeWholeNumber" })
		.min(0)
		.max(3650)
		.optional(),
	/** Only tokens ending within this many days. */
	expires_within_days: z.coerce
		.number({ error: "mustBeNumber" })
		.int({ message: "mustBeWholeNumber" })
		.min(0)
		.max(3650)
		.optional(),
	/** Revoked and expired tokens too. */
	include_ended: z
		.enum(["true", "false"], { error: "mustBeBoolean" })
		.transform((value) => value === "true")
		.optional(),
});
export type TokenListQuery = z.infer<typeof tokenListQuerySchema>;
