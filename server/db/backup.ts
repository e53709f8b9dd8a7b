import {
	chmodSync,
	closeSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	openSync,
	renameSync,
	rmSync,
	statSync,
} from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";

/** A problem an operator can act on; the CLI prints its message without a stack. */
export class BackupError extends Error {}

const sqliteMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * An online backup through SQLite's backup API: consistent while the server keeps
 * writing (WAL readers see one snapshot per step, and the API restarts a step that a
 * write overtook). Refuses to overwrite an existing file.
 */
export async function backupDatabase(databasePath: string, file: string): Promise<{ path: string; bytes: number }> {
	if (databasePath === ":memory:") throw new BackupError("DATABASE_PATH is :memory:, there is nothing to back up");
	if (!existsSync(databasePath)) throw new BackupError(`No database at ${databasePath}`);
	// Claims the name atomically, so two backups (or a racing file) cannot clobber each other.
	// Owner-only: a backup holds every password hash.
	try {
		closeSync(openSync(file, "wx", 0o600));
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "EEXIST") throw new BackupError(`${file} already exists; choose another name`);
		throw new BackupError(`Cannot create ${file}: ${sqliteMessage(error)}`);
	}
	const source = new Database(databasePath, { fileMustExist: true });
	try {
		source.pragma("busy_timeout = 5000");
		// All pages in one step, inside one read snapshot: a step-wise copy restarts whenever
		// another connection writes between steps, which on a busy server can be forever.
		await source.backup(file, { progress: () => 0x7fffffff });
	} catch (error) {
		rmSync(file, { force: true });
		throw new BackupError(`Backup failed: ${sqliteMessage(error)}`);
	} finally {
		source.close();
	}
	return { path: file, bytes: statSync(file).size };
}

/** Throws unless `file` is an intact SQLite database holding Portico's users table. */
export async function checkPorticoDatabase(file: string): Promise<void> {
	if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
	let db: Database.Database | undefined;
	try {
		db = new Database(file, { readonly: true, fileMustExist: true });
		const integrity = db.pragma("integrity_check", { simple: true });
		if (integrity !== "ok") throw new BackupError(`${file} fails SQLite's integrity check: ${String(integrity)}`);
		const users = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get();
		if (!users) throw new BackupError(`${file} is a SQLite database but not a Portico one (no users table)`);
	} catch (error) {
		if (error instanceof BackupError) throw error;
		throw new BackupError(`${file} is not a usable SQLite database: ${sqliteMessage(error)}`);
	} finally {
		db?.close();
	}
}

/**
 * Throws when another process has the database open. Leaving WAL mode needs every other
 * connection closed, so a running server makes this fail at once.
 */
export function assertDatabaseNotInUse(databasePath: string): void {
	if (!existsSync(databasePath)) return;
	const db = new Database(databasePath, { fileMustExist: true });
	try {
		db.pragma("busy_timeout = 0");
		db.pragma("journal_mode = DELETE");
	} catch {
		throw new BackupError(`${databasePath} is in use: stop the server before restoring`);
	} finally {
		db.close();
	}
}

/**
 * Replaces the database with a checked copy of `file`. Only while the server is stopped.
 * The copy goes to a temp file beside the target and is renamed over it, so a crash
 * leaves either the old database or the new one; stale -wal/-shm files are removed
 * first because they belong to the old database.
 */
export async function restoreDatabase(file: string, databasePath: string): Promise<void> {
	if (databasePath === ":memory:") throw new BackupError("DATABASE_PATH is :memory:, there is nothing to restore into");
	await checkPorticoDatabase(file);
	assertDatabaseNotInUse(databasePath);
	const temp = join(dirname(databasePath), `.restore-${process.pid}-${Date.now()}.db`);
	try {
		mkdirSync(dirname(databasePath), { recursive: true, mode: 0o700 });
		copyFileSync(file, temp);
		chmodSync(temp, 0o600);
		for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${databasePath}${suffix}`, { force: true });
		renameSync(temp, databasePath);
	} catch (error) {
		rmSync(temp, { force: true });
		throw new BackupError(`Restore failed: ${sqliteMessage(error)}`);
	}
}
