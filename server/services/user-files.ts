import type { ServiceDeps } from "./deps.ts";

/**
 * Runs `deleteRows` (which must remove the user's rows in one statement or transaction)
 * and then removes the user's files from disk. Files go after the commit: a crash in
 * between leaves an unreferenced file, never a row pointing at nothing.
 * Media storage arrives with the media service; until then a user has no files.
 */
export async function removeUserFiles(_deps: ServiceDeps, _userId: string, deleteRows: () => void): Promise<void> {
	deleteRows();
}
