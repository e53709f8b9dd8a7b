import { sql } from "drizzle-orm";
import {
	bigint,
	boolean,
	customType,
	doublePrecision,
	index,
	integer,
	pgTable,
	primaryKey,
	text,
	uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The tables of `server/db/schema.ts` for PostgreSQL (docs/decisions/031): the same names,
 * columns, defaults, keys and indexes, and row types identical to SQLite's
 * (tests/unit/server/schema-parity.test.ts fails `tsc` when one drifts). A change to a
 * table is made in both files, then `npm run db:generate` (both migration folders).
 */

/** Times are integer milliseconds since the epoch: past 32 bits, read back as numbers. */
const millis = (name: string) => bigint(name, { mode: "number" });
const createdAt = () => millis("created_at").notNull();

/** Bytes as a Buffer, as SQLite's `blob({ mode: "buffer" })` reads them (pg-core has no bytea builder). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
	dataType: () => "bytea",
});

export const users = pgTable(
	"users",
	{
		id: text("id").primaryKey(),
		email: text("email").notNull(),
		fullName: text("full_name"),
		hashedPassword: text("hashed_password").notNull(),
		isActive: boolean("is_active").notNull().default(true),
		isSuperuser: boolean("is_superuser").notNull().default(false),
		emailVerified: boolean("email_verified").notNull().default(false),
		totpSecret: text("totp_secret"),
		totpEnabledAt: millis("totp_enabled_at"),
		totpLastStep: millis("totp_last_step"),
		createdAt: createdAt(),
	},
	(table) => [
		uniqueIndex("users_email_unique").on(table.email),
		index("users_created_at_idx").on(table.createdAt),
		// The admin list's sort by name as SQLite's `COLLATE NOCASE` sorts it: ASCII letters
		// folded (lower() under the "C" collation folds nothing else), then by byte; users
		// without a name first in ascending order, as in SQLite; the e-mail breaks ties.
		index("users_name_email_idx").on(
			sql`lower(${table.fullName} COLLATE "C") NULLS FIRST`,
			sql`${table.email} COLLATE "C"`,
		),
		// The admin search (decision 020): pg_trgm indexes serve `LIKE '%…%'` over the lower-cased
		// e-mail and name, with lower() folding as the database's locale does (Unicode).
		// In place of SQLite's FTS5 table and its triggers; the extension is migration 0000.
		index("users_email_trgm_idx").using("gin", sql`lower(${table.email}) gin_trgm_ops`),
		index("users_full_name_trgm_idx").using("gin", sql`lower(${table.fullName}) gin_trgm_ops`),
		index("users_totp_secret_idx").on(table.id).where(sql`${table.totpSecret} IS NOT NULL`),
	],
);

/**
 * How many users there are, one row kept by triggers on `users` (migrations 0009 and
 * pg 0005), so the admin list's total for everyone is one read, not a count of every row
 * (docs/decisions/036). Derived: migrate-data does not copy it.
 */
export const userCount = pgTable("user_count", {
	id: integer("id").primaryKey().default(1),
	users: integer("users").notNull(),
});

export const sessions = pgTable(
	"sessions",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		accessHash: bytea("access_hash").notNull(),
		refreshHash: bytea("refresh_hash").notNull(),
		previousRefreshHash: bytea("previous_refresh_hash"),
		accessExpiresAt: millis("access_expires_at").notNull(),
		expiresAt: millis("expires_at").notNull(),
		createdAt: createdAt(),
		lastSeenAt: millis("last_seen_at").notNull(),
		authenticatedAt: millis("authenticated_at").notNull().default(0),
		ip: text("ip"),
		userAgent: text("user_agent"),
	},
	(table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const profiles = pgTable("profiles", {
	userId: text("user_id")
		.primaryKey()
		.references(() => users.id, { onDelete: "cascade" }),
	age: integer("age"),
	gender: text("gender", { enum: ["male", "female", "other", "prefer_not_to_say"] }),
	// SQLite's REAL is an 8-byte float: double precision, not PostgreSQL's 4-byte real.
	heightCm: doublePrecision("height_cm"),
	currentWeightKg: doublePrecision("current_weight_kg"),
	phone: text("phone"),
	profileImageUrl: text("profile_image_url"),
	updatedAt: millis("updated_at").notNull(),
});

export const media = pgTable(
	"media",
	{
		id: text("id").primaryKey(),
		ownerId: text("owner_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		entityType: text("entity_type").notNull(),
		entityId: text("entity_id").notNull(),
		contentType: text("content_type").notNull(),
		size: bigint("size", { mode: "number" }).notNull(),
		createdAt: createdAt(),
	},
	(table) => [
		index("media_entity_idx").on(table.entityType, table.entityId),
		index("media_owner_idx").on(table.ownerId),
	],
);

export const resetTokens = pgTable(
	"reset_tokens",
	{
		tokenHash: text("token_hash").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		expiresAt: millis("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("reset_tokens_user_id_idx").on(table.userId)],
);

export const loginThrottle = pgTable(
	"login_throttle",
	{
		accountKey: text("account_key").notNull(),
		clientKey: text("client_key").notNull(),
		failures: integer("failures").notNull(),
		lockedUntil: millis("locked_until").notNull(),
	},
	(table) => [
		primaryKey({ columns: [table.accountKey, table.clientKey] }),
		index("login_throttle_locked_until_idx").on(table.lockedUntil),
	],
);

/** Rate-limit token buckets shared by every instance: see schema.sqlite.ts. */
export const rateBuckets = pgTable(
	"rate_buckets",
	{
		key: text("key").primaryKey(),
		tokens: doublePrecision("tokens").notNull(),
		updatedAt: millis("updated_at").notNull(),
		granted: boolean("granted").notNull(),
		fullAt: millis("full_at").notNull(),
	},
	(table) => [index("rate_buckets_full_at_idx").on(table.fullAt)],
);

export const proofFailures = pgTable(
	"proof_failures",
	{
		kind: text("kind", { enum: ["second_factor", "password"] }).notNull(),
		holder: text("holder").notNull(),
		failures: integer("failures").notNull(),
		windowEndsAt: millis("window_ends_at").notNull(),
		noticeSent: boolean("notice_sent").notNull().default(false),
	},
	(table) => [
		primaryKey({ columns: [table.kind, table.holder] }),
		index("proof_failures_window_idx").on(table.windowEndsAt),
	],
);

export const auditEvents = pgTable(
	"audit_events",
	{
		// SQLite's INTEGER PRIMARY KEY AUTOINCREMENT: ids only grow; one may be given (a data copy).
		id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
		at: millis("at").notNull(),
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

export const accountTokens = pgTable(
	"account_tokens",
	{
		tokenHash: text("token_hash").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		purpose: text("purpose", { enum: ["email_verify", "email_revert"] }).notNull(),
		email: text("email").notNull(),
		expiresAt: millis("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("account_tokens_user_idx").on(table.userId, table.purpose)],
);

export const recoveryCodes = pgTable(
	"recovery_codes",
	{
		id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		codeHash: text("code_hash").notNull(),
		usedAt: millis("used_at"),
		createdAt: createdAt(),
	},
	(table) => [index("recovery_codes_user_idx").on(table.userId)],
);

export const mfaTokens = pgTable(
	"mfa_tokens",
	{
		tokenHash: text("token_hash").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		attemptsLeft: integer("attempts_left").notNull(),
		expiresAt: millis("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("mfa_tokens_user_idx").on(table.userId)],
);

export const passkeys = pgTable(
	"passkeys",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		publicKey: bytea("public_key").notNull(),
		// WebAuthn's signature counter is an unsigned 32-bit number: past PostgreSQL's integer.
		counter: bigint("counter", { mode: "number" }).notNull(),
		transports: text("transports").notNull().default("[]"),
		deviceType: text("device_type"),
		backedUp: boolean("backed_up").notNull().default(false),
		name: text("name").notNull(),
		createdAt: createdAt(),
		lastUsedAt: millis("last_used_at"),
	},
	(table) => [index("passkeys_user_idx").on(table.userId)],
);

export const webauthnChallenges = pgTable(
	"webauthn_challenges",
	{
		challenge: text("challenge").primaryKey(),
		userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
		purpose: text("purpose", { enum: ["register", "login", "reauthenticate"] }).notNull(),
		expiresAt: millis("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("webauthn_challenges_expires_idx").on(table.expiresAt)],
);

/** Personal access tokens (see schema.sqlite.ts). */
export const apiTokens = pgTable(
	"api_tokens",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		name: text("name").notNull(),
		secretHash: bytea("secret_hash").notNull(),
		scopes: text("scopes").notNull(),
		createdAt: createdAt(),
		expiresAt: millis("expires_at").notNull(),
		lastUsedAt: millis("last_used_at"),
		lastUsedIp: text("last_used_ip"),
		revokedAt: millis("revoked_at"),
		/** When the owner was told it ends within a week (once). */
		expiryNoticeAt: millis("expiry_notice_at"),
	},
	(table) => [index("api_tokens_user_idx").on(table.userId), index("api_tokens_expires_idx").on(table.expiresAt)],
);

/** An identity at an OpenID provider, linked to an account: found by (issuer, subject) only, never by e-mail. */
export const userIdentities = pgTable(
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
		lastUsedAt: millis("last_used_at"),
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
export const oidcFlows = pgTable(
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
		expiresAt: millis("expires_at").notNull(),
		createdAt: createdAt(),
	},
	(table) => [index("oidc_flows_expires_idx").on(table.expiresAt)],
);

/**
 * Between a provider's callback and the browser's POST: single use, 60 s, bound like its
 * flow; the account the proven identity signs in to, or (no account) the refusal to answer.
 */
export const oidcHandoffs = pgTable(
	"oidc_handoffs",
	{
		codeHash: text("code_hash").primaryKey(),
		bindingHash: text("binding_hash").notNull(),
		provider: text("provider").notNull(),
		userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
		refusal: text("refusal"),
		returnTo: text("return_to").notNull(),
		expiresAt: millis("expires_at").notNull(),
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
