import { randomBytes } from "node:crypto";
import { accessSync, constants, createReadStream, mkdirSync, statSync } from "node:fs";
import { rename, rm, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { FILE_ID } from "../../shared/schemas/media.ts";

/** Files under one directory, named only by a random 32-hex id; no HTTP here. */
export type MediaStorage = {
	/** Writes to a temp name then renames, so a reader never sees half a file. */
	write(id: string, data: Buffer): Promise<void>;
	/** Removes the file; a missing file is not an error. */
	remove(id: string): Promise<void>;
	open(id: string): Readable;
	/** Size and mtime, or null when there is no such file. */
	stat(id: string): { size: number; mtimeMs: number } | null;
	/** True when the directory exists and can be read and written. */
	isHealthy(): boolean;
};

export const newFileId = () => randomBytes(16).toString("hex");

/** The path of a file id; anything but 32 hex characters (dots, slashes) is refused. */
function pathOf(dir: string, id: string): string {
	if (!FILE_ID.test(id)) throw new Error("invalid media file id");
	return join(dir, id);
}

export function createDiskStorage(dir: string): MediaStorage {
	try {
		mkdirSync(dir, { recursive: true, mode: 0o700 });
	} catch {
		// Reported by isHealthy(); the app still starts so the health check can say so.
	}
	return {
		async write(id, data) {
			const target = pathOf(dir, id);
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
				await unlink(pathOf(dir, id));
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
			}
		},
		open: (id) => createReadStream(pathOf(dir, id)),
		stat(id) {
			try {
				const stats = statSync(pathOf(dir, id));
				return stats.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : null;
			} catch {
				return null;
			}
		},
		isHealthy() {
			try {
				if (!statSync(dir).isDirectory()) return false;
				accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
				return true;
			} catch {
				return false;
			}
		},
	};
}
