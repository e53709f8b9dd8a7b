import { defineConfig } from "drizzle-kit";

/** PostgreSQL's migrations (docs/decisions/031); SQLite's config is drizzle.config.ts. */
export default defineConfig({
	dialect: "postgresql",
	schema: "./server/db/schema.pg.ts",
	out: "./migrations-pg",
});
