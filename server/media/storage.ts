import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { access, constants, open, readdir, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { FILE_ID } from "../../shared/schemas/media.ts";

/** A stored file as a listing sees it, for the orphan sweep. */
export type StoredFile = { id: string; mtimeMs: number };

/**
 * Files named only by a random 32-hex id, on disk or in an S3 bucket (s3-storage.ts); no
 * HTTP routes here. Every call may be a network request, so all are async.
 */
export type MediaStorage = {
	/** Stores the whole file at once, so a reader never sees half of it. */
	write(id: string, data: Buffer): Promise<void>;
	/** Removes the file; a missing file is not an error. */
	remove(id: string): Promise<void>;
	/** The file's bytes as a stream, or null when there is no such file. */
	open(id: string): Promise<Readable | null>;
	/** Size and mtime, or null when there is no such file. */
	stat(id: string): Promise<{ size: number; mtimeMs: number } | null>;
	/** Every stored file (names that are not file ids are skipped). */
	list(): AsyncIterable<StoredFile>;
	/** True when files can be read and written there now. */
	isHealthy(): Promise<boolean>;
};

export const newFileId = () => randomBytes(16).toString("hex");

/** The id itself, once it is 32 hex characters; anything else (dots, slashes) is refused. */
export function checkedFileId(id: string): string {
	if (!FILE_ID.test(id)) throw new Error("invalid media file id");
	return id;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export function createDiskStorage(dir: string): MediaStorage {
	const pathOf = (id: string) => join(dir, checkedFileId(id));
	try {
		mkdirSync(dir, { recursive: true, mode: 0o700 });
	} catch {
		// Reported by isHealthy(); the app still starts so the health check can say so.
	}
	async function statOf(id: string) {
		try {
			const stats = await stat(pathOf(id));
			return stats.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : null;
		} catch {
			return null;
		}
	}
	return {
		// A temp name then a rename: a reader never sees half a file.
		async write(id, data) {
			const target = pathOf(id);
			const temp = join(dir, `.tmp-${id}-${randomBytes(4).toString("hex")}`);
			try {
				await writeFile(temp, data, { flag: "wx", mode: 0o600 });
				await rename(temp, target);
			} catch (error) {
				await rm(temp, { force: true });
				throw error;
			}
		},
		async remove(id) {
			try {
				await unlink(pathOf(id));
			} catch (error) {
				if (!isMissing(error)) throw error;
			}
		},
		async open(id) {
			const path = pathOf(id);
			try {
				return (await open(path, "r")).createReadStream();
			} catch (error) {
				if (isMissing(error)) return null;
				throw error;
			}
		},
		stat: statOf,
		async *list() {
			for (const entry of await readdir(dir, { withFileTypes: true })) {
				if (!entry.isFile() || !FILE_ID.test(entry.name)) continue;
				const found = await statOf(entry.name);
				if (found) yield { id: entry.name, mtimeMs: found.mtimeMs };
			}
		},
		async isHealthy() {
			try {
				if (!(await stat(dir)).isDirectory()) return false;
				await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
				return true;
			} catch {
				return false;
			}
		},
	};
}
