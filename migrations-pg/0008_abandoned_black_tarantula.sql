ALTER TABLE "mfa_tokens" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_tokens" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ends_at" bigint;