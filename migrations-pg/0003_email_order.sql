-- The admin list's sort by e-mail as SQLite sorts it (binary, i.e. by code point): `email
-- COLLATE "C"`, which users_email_unique (the database's collation, for lookups by e-mail)
-- cannot serve, so page 1 sorted the whole table (docs/decisions/020). Hidden from drizzle's
-- schema as 0002's index is: SQLite's unique index on email already serves this order.
CREATE INDEX "users_email_c_idx" ON "users" ("email" COLLATE "C");
