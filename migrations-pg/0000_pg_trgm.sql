-- The admin search's trigram indexes (0001, users_*_trgm_idx) need pg_trgm, which drizzle-kit
-- does not create. It ships with PostgreSQL (Debian's postgresql package, every managed cloud);
-- creating it needs a superuser or, from PostgreSQL 13, the database owner (it is trusted).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
