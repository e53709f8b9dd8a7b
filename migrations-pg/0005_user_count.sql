CREATE TABLE "user_count" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"users" integer NOT NULL
);
--> statement-breakpoint
-- The admin list's total for everyone, kept by the triggers below with every insert, delete
-- and truncate of users (once per statement, however many rows), so a page of the list reads
-- one row instead of counting every user (docs/decisions/036).
INSERT INTO "user_count" ("id", "users") SELECT 1, count(*) FROM "users";--> statement-breakpoint
CREATE FUNCTION "user_count_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "user_count" SET "users" = "users" + (SELECT count(*) FROM "added") WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_count_subtract"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "user_count" SET "users" = "users" - (SELECT count(*) FROM "removed") WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_count_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "user_count" SET "users" = 0 WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "added"
	FOR EACH STATEMENT EXECUTE FUNCTION "user_count_add"();--> statement-breakpoint
CREATE TRIGGER "user_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "removed"
	FOR EACH STATEMENT EXECUTE FUNCTION "user_count_subtract"();--> statement-breakpoint
CREATE TRIGGER "user_count_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "user_count_reset"();
