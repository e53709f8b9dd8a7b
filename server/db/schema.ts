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
		createdAt: createdAt(),
	},
	(table) => [uniqueIndex("users_email_unique").on(table.email), index("users_created_at_idx").on(table.createdAt)],
);

/**
 * One row per signed-in device. Tokens are `<id>.<secret>`; only SHA-256 of each secret
 * is kept. The access secret rotates with the refresh secret; the refresh secret it
 * replaced is remembered, so that presenting it again (and only it) reveals a stolen copy.
 */
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
 * out from another; the e-mail is lower-cased and need not belong to a user.
 */
export const loginThrottle = sqliteTable(
	"login_throttle",
	{
		email: text("email").notNull(),
		client: text("client").notNull(),
		failures: integer("failures").notNull(),
		lockedUntil: integer("locked_until").notNull(),
	},
	(table) => [
		primaryKey({ columns: [table.email, table.client] }),
		index("login_throttle_locked_until_idx").on(table.lockedUntil),
	],
);

export const schema = { users, sessions, profiles, media, resetTokens, loginThrottle };
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
