CREATE TABLE "rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" bigint NOT NULL,
	"granted" boolean NOT NULL,
	"full_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_buckets_full_at_idx" ON "rate_buckets" USING btree ("full_at");