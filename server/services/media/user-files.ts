import { eq } from "drizzle-orm";
import { media } from "../../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";
import { removeFiles } from "./files.ts";

/**
 * Runs `deleteRows` (which must remove the user's rows in one statement or transaction)
 * and then removes the user's files from disk. Files go after the commit: a crash in
 * between leaves an unreferenced file, never a row pointing at nothing.
 */
export async function removeUserFiles(deps: ServiceDeps, userId: string, deleteRows: () => void): Promise<void> {
	// Read and delete with no await between them: better-sqlite3 is synchronous, so no upload lands in between.
	const ids = deps.db.select({ id: media.id }).from(media).where(eq(media.ownerId, userId)).all();
	deleteRows();
	await removeFiles(
		deps,
		ids.map(({ id }) => id),
	);
}
