import { inArray } from "drizzle-orm";
import { media } from "../../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";

/**
 * How old a stored file must be before the sweep may call it an orphan. An upload writes
 * its file, then its row within the same request: a younger file may have a row on the way.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Removes stored files that no media row names, older than the grace period: left by a
 * crash between an upload's write and its row, or between a deletion's commit and its
 * removal. Returns how many went.
 */
export async function sweepOrphanFiles(deps: ServiceDeps): Promise<number> {
	const cutoff = deps.clock() - ORPHAN_GRACE_MS;
	let removed = 0;
	let batch: string[] = [];
	const settle = async () => {
		if (batch.length === 0) return;
		const rows = await deps.db.select({ id: media.id }).from(media).where(inArray(media.id, batch));
		const known = new Set(rows.map(({ id }) => id));
		for (const id of batch.filter((id) => !known.has(id))) {
			await deps.storage.remove(id);
			removed += 1;
		}
		batch = [];
	};
	for await (const file of deps.storage.list()) {
		if (file.mtimeMs >= cutoff) continue;
		batch.push(file.id);
		if (batch.length >= BATCH) await settle();
	}
	await settle();
	return removed;
}
