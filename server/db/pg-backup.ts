import { execFile } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, rmSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { BackupError } from "./backup.ts";

/**
 * `backup` and `restore` on PostgreSQL through its own tools, pg_dump and pg_restore
 * (Debian's postgresql-client). The URL's password goes to them in PGPASSWORD, never on
 * their command line (other users see it in `ps`) nor in a message.
 */

const INSTALL_HINT =
	"install the PostgreSQL client tools of a version at least the server's (Debian: apt-get install postgresql-client; the image: add that package)";

/** `tool` on PATH, else the newest /usr/lib/postgresql/<version>/bin (Debian's layout), else a clear error. */
export function postgresTool(
	tool: "pg_dump" | "pg_restore",
	path = process.env.PATH ?? "",
	root = "/usr/lib/postgresql",
): string {
	for (const dir of path.split(delimiter).filter(Boolean)) {
		const candidate = join(dir, tool);
		if (existsSync(candidate)) return candidate;
	}
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((version) => existsSync(join(root, version, "bin", tool)))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (versions[0] !== undefined) return join(root, versions[0], "bin", tool);
	throw new BackupError(`${tool} was not found on PATH nor in ${root}/*/bin: ${INSTALL_HINT}.`);
}

/** The URL without its password, and the password for PGPASSWORD. */
export function splitPassword(url: string): { url: string; password: string | undefined } {
	const parsed = new URL(url);
	const password = parsed.password === "" ? undefined : decodeURIComponent(parsed.password);
	parsed.password = "";
	return { url: parsed.toString(), password };
}

/** Runs a PostgreSQL tool; its stderr, with any trace of the password removed, becomes the error. */
function runTool(tool: string, args: string[], password: string | undefined): Promise<void> {
	const env = { ...process.env };
	if (password === undefined) delete env.PGPASSWORD;
	else env.PGPASSWORD = password;
	return new Promise((resolve, reject) => {
		execFile(tool, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
			if (!error) return resolve();
			let said = String(stderr).trim() || error.message;
			if (password) said = said.replaceAll(password, "***").replaceAll(encodeURIComponent(password), "***");
			reject(new BackupError(`${tool.split("/").at(-1)} failed: ${said}`));
		});
	});
}

/**
 * `pg_dump --format=custom` of the whole database into `file`, created exclusively and
 * owner-only (it holds every password hash); a failed dump leaves no file. pg_dump reads one
 * snapshot, so it is consistent while instances keep writing.
 */
export async function backupPostgres(databaseUrl: string, file: string): Promise<{ path: string; bytes: number }> {
	const tool = postgresTool("pg_dump");
	try {
		closeSync(openSync(file, "wx", 0o600));
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "EEXIST") throw new BackupError(`${file} already exists; choose another name`);
		throw new BackupError(`Cannot create ${file}: ${(error as Error).message}`);
	}
	const { url, password } = splitPassword(databaseUrl);
	try {
		// Into the file claimed above (pg_dump opens it without O_EXCL and keeps its mode).
		await runTool(tool, ["--format=custom", "--file", file, "--dbname", url], password);
	} catch (error) {
		rmSync(file, { force: true });
		throw error;
	}
	return { path: file, bytes: statSync(file).size };
}

/**
 * Replaces the database's contents with a `backup` made by pg_dump: `pg_restore --clean
 * --if-exists --single-transaction` into the configured database, so a failure changes
 * nothing (the database and its grants stay the operator's; no DROP DATABASE needed).
 * Only while no instance runs: the caller holds the running lock (server/db/running-lock.ts).
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
	if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
	const tool = postgresTool("pg_restore");
	const { url, password } = splitPassword(databaseUrl);
	// Ownership and grants as the restoring role's: the backup may come from another role or server.
	const args = ["--clean", "--if-exists", "--single-transaction", "--no-owner", "--no-acl", "--exit-on-error"];
	await runTool(tool, [...args, "--dbname", url, file], password);
}
