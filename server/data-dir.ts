import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.ts";

/**
 * The data holds password hashes, session hashes and mail with reset links: nothing
 * there is for other users of the machine. The server and the CLI call this first, so
 * that every file they create afterwards is owner-only whatever the shell's umask.
 */
export function ownerOnlyFromNowOn(): void {
	process.umask(0o077);
}

/**
 * Creates DATA_DIR owner-only, and tightens what an older install left readable by others
 * (it created everything 0755/0644): DATA_DIR and its folders 0700, the database and its
 * -wal/-shm/-journal files and the key file (a copy put back from a backup) 0600. Before the database is opened, so that SQLite, which
 * gives its side files the database file's mode, creates them 0600 too. Returns what it
 * could not tighten (not ours, a read-only mount), for the caller to warn about.
 */
export function prepareDataDir(config: Pick<Config, "dataDir" | "databasePath">): string[] {
	mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
	const refused: string[] = [];
	const tighten = (path: string, mode: number) => {
		try {
			if (existsSync(path)) chmodSync(path, mode);
		} catch (error) {
			refused.push(`${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
		}
	};
	for (const dir of [".", "media", "outbox"]) tighten(join(config.dataDir, dir), 0o700);
	tighten(join(config.dataDir, "secret.key"), 0o600);
	if (config.databasePath !== ":memory:")
		for (const suffix of ["", "-wal", "-shm", "-journal"]) tighten(`${config.databasePath}${suffix}`, 0o600);
	return refused;
}
