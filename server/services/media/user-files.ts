import { eq } from "drizzle-orm";
import { media } from "../../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";

/**
 * The ids of a user's files, read in the transaction that deletes the user's rows (so no
 * upload lands in between); their files go from disk after the commit (`removeFiles`): a
 * crash in between leaves an unreferenced file, never a row pointing at nothing.
 */
export async function mediaIdsOf(deps: ServiceDeps, userId: string): Promise<string[]> {
	const rows = await deps.db.select({ id: media.id }).from(media).where(eq(media.ownerId, userId));
	return rows.map(({ id }) => id);
}
