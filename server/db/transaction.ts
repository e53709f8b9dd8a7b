import type { Db } from "./client.ts";

/**
 * Runs `work` in one IMMEDIATE transaction: SQLite's write lock is taken first, so what
 * it reads cannot change before what it writes, from this process or another (the CLI).
 * better-sqlite3 is synchronous: `work` must not await. Nested calls become savepoints.
 */
export const atomically = <T>({ db }: { db: Db }, work: () => T): T => db.transaction(work, { behavior: "immediate" });
