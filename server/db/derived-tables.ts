/**
 * Tables the database derives from the others and keeps by triggers (docs/decisions/036),
 * each with the statement that fills it from them, as its migration does. migrate-data does
 * not copy them: the target's triggers count the rows as they are copied in. Whatever empties
 * every table with the triggers off (the PostgreSQL test harness) fills them again with it.
 */
export const DERIVED_TABLES: ReadonlyArray<{ name: string; fill: string }> = [
	{ name: "user_count", fill: 'INSERT INTO "user_count" ("id", "users") SELECT 1, count(*) FROM "users"' },
];

export const isDerivedTable = (name: string): boolean => DERIVED_TABLES.some((table) => table.name === name);
