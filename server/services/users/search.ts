import type { Db } from "../../db/client.ts";
import type { UserSearch } from "../../db/dialect/fragments.ts";
import { fragmentsOf } from "../../db/dialect/index.ts";

export { BROAD } from "../../db/dialect/fragments.ts";
/** SQLite's two ways and its order, which decision 020's tests compare directly. */
export { indexedSearch, scannedSearch, userOrder } from "../../db/dialect/sqlite.ts";
/**
 * The admin list's search: a case-insensitive substring of the e-mail or the full name, as a
 * condition on `users`, by each engine's trigram index or by a scan for short and broad
 * searches (docs/decisions/020; the SQL is in server/db/dialect/).
 */
export type { UserSearch };

/** The search for `q` on the engine behind `db`. */
export async function userSearch(db: Db, q: string): Promise<UserSearch> {
	return fragmentsOf(db).userSearch(db, q);
}
