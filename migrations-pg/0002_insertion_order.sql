-- SQLite's implicit rowid, which services order by where a time ties (the admin list by
-- created_at, a user's media, spent e-mail links, the latest mfa token and WebAuthn challenge):
-- the same hidden column here, numbered in insertion order, so `ORDER BY ..., rowid` reads
-- alike on both engines. Hidden from drizzle's schema (server/db/schema.pg.ts) as SQLite's
-- rowid is from schema.ts, so rows and their types stay identical (docs/decisions/031).
-- Never written: a copy of SQLite's rows inserts them in rowid order.
ALTER TABLE "users" ADD COLUMN "rowid" bigint GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "rowid" bigint GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "rowid" bigint GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
ALTER TABLE "mfa_tokens" ADD COLUMN "rowid" bigint GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD COLUMN "rowid" bigint GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
-- The admin list's default order (newest first, then the last inserted) as one index walk.
CREATE INDEX "users_created_at_rowid_idx" ON "users" ("created_at", "rowid");
