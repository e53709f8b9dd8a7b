import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Times are integer milliseconds since the epoch. */
const createdAt = () => integer("created_at").notNull();

export const users = sqliteTable(
	"users",
	{
		id: text("id").primaryKey(),
		email: text("email").notNull(),
		fullName: text("full_name"),
		hashedPassword: text("hashed_password").notNull(),
		isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
		isSuperuser: integer("is_superuser", { mode: "boolean" }).notNull().default(false),
		emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
		/** The TOTP secret, AES-256-GCM encrypted; set at setup, live once `totpEnabledAt` is set. */
		totpSecret: text("totp_secret"),
		totpEnabledAt: integer("totp_enabled_at"),
		/** The last 30-second step a code was accepted for: a code is never accepted twice. */
		totpLastStep: integer("totp_last_step"),
		createdAt: createdAt(),
	},
	(table) => [
		uniqueIndex("users_email_unique").on(table.email),
		index("users_created_at_idx").on(table.createdAt),
		// The admin list's sort by name (A-z, whatever the case; the e-mail breaks ties), and the
		// narrow copy of both columns that a search too short for the trigram index scans.
		index("users_name_email_idx").on(sql`${table.fullName} COLLATE NOCASE`, table.email),
		// The few accounts holding a two-factor secret, found without reading every user
		// (the key check at start: reading every row of 100,000 users held 14 MB more memory from then on).
		index("users_totp_secret_idx").on(table.id).where(sql`${table.totpSecret} IS NOT NULL`),
	],
);

/**
 * One row per signed-in device. Tokens are `<id>.<secret>`; only SHA-256 of each secret
 * is kept. The access secret rotates with the refresh secret; the refresh secret it
 * replaced is remembered, so that presenting it again (and only it) reveals a stolen copy.
 */
/**
 * How many users there are, one row kept by triggers on `users` (migrations 0009 and
 * pg 0005), so the admin list's total for everyone is one read, not a count of every row
 * (docs/decisions/036). Derived: migrate-data does not copy it.
 */
export const userCount = sqliteTable("user_count", {
	id: integer("id").primaryKey().default(1),
	users: integer("users").notNull(),
});

export const sessions = sqliteTable(
	"sessions",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		accessHash: blob("access_hash", { mode: "buffer" }).notNull(),
		refreshHash: blob("refresh_hash", { mode: "buffer" }).notNull(),
		previousRefreshHash: blob("previous_refresh_hash", { mode: "buffer" }),
		accessExpiresAt: integer("access_expires_at").notNull(),
		expiresAt: integer("expires_at").notNull(),
		createdAt: createdAt(),
		lastSeenAt: integer("last_seen_at").notNull(),
		/** When the owner last proved who they are in this session (password, code or passkey); a refresh does not count. */
		authenticatedAt: integer("authenticated_at").notNull().default(0),
		ip: text("ip"),
		userAgent: text("user_agent"),
	},
	(table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const profiles = sqliteTable("profiles", {
	userId: text("user_id")
		.primaryKey()
		.references(() => users.id, { onDelete: "cascade" }),
	age: integer("age"),
	gender: text("gender", { enum: ["male", "female", "other", "prefer_not_to_say"] }),
	heightCm: real("height_cm"),
	currentWeightKg: real("current_weight_kg"),
	phone: text("phone"),
	profileImageUrl: text("profile_image_url"),
	updatedAt: integer("updated_at").notNull(),
});

/** An uploaded image. The file on disk is named by `id` only; `ownerId` is who may manage it. */
export const media = sqliteTable(
	"media",
	{
		id: text("id").primaryKey(),
		ownerId: text("owner_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		entityType: text("entity_type").notNull(),
		entityId: text("entity_id").notNull(),
		contentType: text("content_type").notNull(),
		size: integer("size").notNull(),
		createdAt: createdAt(),
	},
	(table) => [
		index("media_entity_idx").on(table.entityType, table.entityId),
		index("media_owner_idx").on(table.ownerId),
	],
);

export const resetTokens = sqliteTable(
	"reset_tokens",
	{
		tokenHash: text("token_hash").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		expiresAt: integer("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("reset_tokens_user_id_idx").on(table.userId)],
);

/**
 * Failed-login back-off per account and client (an IPv4 address or an IPv6 /64), kept
 * across restarts. Keyed by both so that guessing from one place cannot lock the owner
 * out from another. Both keys come from the request (the e-mail need not belong to a
 * user), so only their SHA-256 is kept: a row has a fixed size whatever was sent.
 */
export const loginThrottle = sqliteTable(
	"login_throttle",
	{
		accountKey: text("account_key").notNull(),
		clientKey: text("client_key").notNull(),
		failures: integer("failures").notNull(),
		lockedUntil: integer("locked_until").notNull(),
	},
	(table) => [
		primaryKey({ columns: [table.accountKey, table.clientKey] }),
		index("login_throttle_locked_until_idx").on(table.lockedUntil),
	],
);

/**
 * Rate-limit token buckets shared by every instance (server/db/rate-bucket-store.ts; the
 * in-memory store serves one SQLite process instead). `key` is the bucket's name and client
 * (bounded: an address, an IPv6 /64 or a hash); `granted` says whether the last take got a
 * token; `fullAt` is when the bucket has refilled, after which the sweep drops it.
 */
export const rateBuckets = sqliteTable(
	"rate_buckets",
	{
		key: text("key").primaryKey(),
		tokens: real("tokens").notNull(),
		updatedAt: integer("updated_at").notNull(),
		granted: integer("granted", { mode: "boolean" }).notNull(),
		fullAt: integer("full_at").notNull(),
	},
	(table) => [index("rate_buckets_full_at_idx").on(table.fullAt)],
);

/**
 * Wrong proofs of identity counted per account or per session, whatever the client
 * (docs/decisions/029): second-factor codes, and current passwords typed with a session.
 * `holder` is `user:<id>` or `session:<id>`; `noticeSent` marks the window whose lock
 * the owner was told of.
 */
export const proofFailures = sqliteTable(
	"proof_failures",
	{
		kind: text("kind", { enum: ["second_factor", "password"] }).notNull(),
		holder: text("holder").notNull(),
		failures: integer("failures").notNull(),
		windowEndsAt: integer("window_ends_at").notNull(),
		noticeSent: integer("notice_sent", { mode: "boolean" }).notNull().default(false),
	},
	(table) => [
		primaryKey({ columns: [table.kind, table.holder] }),
		index("proof_failures_window_idx").on(table.windowEndsAt),
	],
);

/**
 * One row per security event, written in the transaction of the change it records.
 * Users are referenced by id and e-mail as they were: rows outlive a deleted user, so
 * there are no foreign keys. `details` is JSON and never holds a secret.
 */
export const auditEvents = sqliteTable(
	"audit_events",
	{
		id: integer("id").primaryKey({ autoIncrement: true }),
		at: integer("at").notNull(),
		action: text("action").notNull(),
		actorId: text("actor_id"),
		actorEmail: text("actor_email"),
		subjectId: text("subject_id"),
		subjectEmail: text("subject_email"),
		ip: text("ip"),
		userAgent: text("user_agent"),
		details: text("details").notNull().default("{}"),
	},
	(table) => [
		index("audit_events_at_idx").on(table.at),
		index("audit_events_action_idx").on(table.action, table.at),
		index("audit_events_actor_idx").on(table.actorId, table.at),
		index("audit_events_subject_idx").on(table.subjectId, table.at),
	],
);

/** Single-use links other than password resets: e-mail verification and "this wasn't me" reverts. */
export const accountTokens = sqliteTable(
	"account_tokens",
	{
		tokenHash: text("token_hash").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		purpose: text("purpose", { enum: ["email_verify", "email_revert"] }).notNull(),
		/** The address the link is about: the one to verify, or the old one a revert restores. */
		email: text("email").notNull(),
		expiresAt: integer("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("account_tokens_user_idx").on(table.userId, table.purpose)],
);

/** Two-factor recovery codes: only a hash of each, single use. */
export const recoveryCodes = sqliteTable(
	"recovery_codes",
	{
		id: integer("id").primaryKey({ autoIncrement: true }),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		codeHash: text("code_hash").notNull(),
		usedAt: integer("used_at"),
		createdAt: createdAt(),
	},
	(table) => [index("recovery_codes_user_idx").on(table.userId)],
);

/** The second login step: an opaque token proving the password was right, a few tries, a few minutes. */
export const mfaTokens = sqliteTable(
	"mfa_tokens",
	{
		tokenHash: text("token_hash").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		attemptsLeft: integer("attempts_left").notNull(),
		expiresAt: integer("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("mfa_tokens_user_idx").on(table.userId)],
);

/** WebAuthn credentials (passkeys). `id` is the credential id, base64url. */
export const passkeys = sqliteTable(
	"passkeys",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		publicKey: blob("public_key", { mode: "buffer" }).notNull(),
		counter: integer("counter").notNull(),
		transports: text("transports").notNull().default("[]"),
		deviceType: text("device_type"),
		backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
		name: text("name").notNull(),
		createdAt: createdAt(),
		lastUsedAt: integer("last_used_at"),
	},
	(table) => [index("passkeys_user_idx").on(table.userId)],
);

/** WebAuthn challenges: single use, short-lived; `userId` is null for a passkey sign-in (no e-mail typed). */
export const webauthnChallenges = sqliteTable(
	"webauthn_challenges",
	{
		challenge: text("challenge").primaryKey(),
		userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
		purpose: text("purpose", { enum: ["register", "login", "reauthenticate"] }).notNull(),
		expiresAt: integer("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("webauthn_challenges_expires_idx").on(table.expiresAt)],
);

/**
 * Personal access tokens for scripts on /api/v1: `portico_pat_<id>_<secret><crc>`
 * (server/lib/access-tokens.ts); only SHA-256 of the secret is kept. `scopes` is a
 * space-separated list; `lastUsedAt` is written at most once a minute.
 */
export const apiTokens = sqliteTable(
	"api_tokens",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		name: text("name").notNull(),
		secretHash: blob("secret_hash", { mode: "buffer" }).notNull(),
		scopes: text("scopes").notNull(),
		createdAt: createdAt(),
		expiresAt: integer("expires_at").notNull(),
		lastUsedAt: integer("last_used_at"),
		lastUsedIp: text("last_used_ip"),
		revokedAt: integer("revoked_at"),
		/** When the owner was told it ends within a week (once). */
		expiryNoticeAt: integer("expiry_notice_at"),
	},
	(table) => [index("api_tokens_user_idx").on(table.userId), index("api_tokens_expires_idx").on(table.expiresAt)],
);

/** An identity at an OpenID provider, linked to an account: found by (issuer, subject) only, never by e-mail. */
export const userIdentities = sqliteTable(
	"user_identities",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		/** The configured provider id (OIDC_PROVIDERS) it came through. */
		provider: text("provider").notNull(),
		issuer: text("issuer").notNull(),
		subject: text("subject").notNull(),
		/** The address the provider gave when it was linked, for display; never the account's own. */
		emailAtLink: text("email_at_link"),
		createdAt: createdAt(),
		lastUsedAt: integer("last_used_at"),
	},
	(table) => [
		uniqueIndex("user_identities_issuer_subject_unique").on(table.issuer, table.subject),
		index("user_identities_user_idx").on(table.userId),
	],
);

/**
 * A sign-in at a provider under way: single use, 10 minutes, bound to the browser that
 * started it (the hash of its HttpOnly cookie). Only hashes of the state and the binding.
 */
export const oidcFlows = sqliteTable(
	"oidc_flows",
	{
		stateHash: text("state_hash").primaryKey(),
		bindingHash: text("binding_hash").notNull(),
		provider: text("provider").notNull(),
		codeVerifier: text("code_verifier").notNull(),
		nonce: text("nonce").notNull(),
		purpose: text("purpose", { enum: ["login", "link", "reauth"] }).notNull(),
		userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
		/** A link or re-authentication: the session that started it, which must still be live when it ends. */
		sessionId: text("session_id"),
		returnTo: text("return_to").notNull(),
		expiresAt: integer("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("oidc_flows_expires_idx").on(table.expiresAt)],
);

/**
 * Between a provider's callback and the browser's POST: single use, 60 s, bound like its
 * flow; the account the proven identity signs in to, or (no account) the refusal to answer.
 */
export const oidcHandoffs = sqliteTable(
	"oidc_handoffs",
	{
		codeHash: text("code_hash").primaryKey(),
		bindingHash: text("binding_hash").notNull(),
		provider: text("provider").notNull(),
		userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
		refusal: text("refusal"),
		returnTo: text("return_to").notNull(),
		expiresAt: integer("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("oidc_handoffs_expires_idx").on(table.expiresAt)],
);

export const schema = {
	users,
	userCount,
	sessions,
	profiles,
	media,
	resetTokens,
	loginThrottle,
	proofFailures,
	rateBuckets,
	auditEvents,
	accountTokens,
	recoveryCodes,
	mfaTokens,
	passkeys,
	webauthnChallenges,
	apiTokens,
	userIdentities,
	oidcFlows,
	oidcHandoffs,
};
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
