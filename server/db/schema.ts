// SQLite's tables moved to schema.sqlite.ts; services import them from here.
export * from "./schema.sqlite.ts";
