import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port.ts";

const run = promisify(execFile);

export const POSTGRES_INSTALL_HINT =
	"PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb. Install Debian's: `apt-get update && apt-get install -y postgresql` (.ci/run does it), then run the tests again.";

/** A throwaway cluster for one test run: superuser `postgres`, trust auth, loopback only. */
export type Cluster = { url: (database: string) => string; stop: () => Promise<void> };

/**
 * The newest installed PostgreSQL's bin folder (Debian's layout), or undefined.
 * PORTICO_TEST_POSTGRES_ROOT points elsewhere (to see the failure without PostgreSQL installed).
 */
export function postgresBin(): string | undefined {
	const root = process.env.PORTICO_TEST_POSTGRES_ROOT ?? "/usr/lib/postgresql";
	if (!existsSync(root)) return undefined;
	const versions = readdirSync(root)
		.filter((version) => existsSync(join(root, version, "bin", "initdb")))
		.sort((a, b) => Number(b) - Number(a));
	return versions[0] === undefined ? undefined : join(root, versions[0], "bin");
}

/**
 * initdb + pg_ctl start in a fresh folder under the temporary directory, on a free loopback
 * port, its socket inside that folder, durability off (a test cluster dies with the run).
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user.
 */
export async function startCluster(): Promise<Cluster> {
	const bin = postgresBin();
	if (!bin) throw new Error(POSTGRES_INSTALL_HINT);
	const asRoot = userInfo().uid === 0;
	removeOrphans(bin, asRoot);
	const dir = mkdtempSync(join(tmpdir(), PREFIX));
	writeFileSync(join(dir, OWNER), String(process.pid));
	if (asRoot) {
		const { stdout } = await run("id", ["-u", "postgres"]);
		const { stdout: group } = await run("id", ["-g", "postgres"]);
		chownSync(dir, Number(stdout.trim()), Number(group.trim()));
	}
	const pg = (command: string, args: string[]) =>
		asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, command), ...args]) : run(join(bin, command), args);
	const data = join(dir, "data");
	const port = await freePort();
	await pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
	const options = [
		`-p ${port}`,
		"-c listen_addresses=127.0.0.1",
		`-k ${dir}`,
		"-c fsync=off",
		"-c synchronous_commit=off",
		"-c full_page_writes=off",
		"-c max_connections=200",
	].join(" ");
	await pg("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-o", options, "start"]);
	// Interrupted (Ctrl-C, a CI timeout): the cluster goes with the run.
	const stopNow = () => stopSync(bin, dir, asRoot);
	const interrupted = (signal: NodeJS.Signals) => {
		stopNow();
		process.kill(process.pid, signal);
	};
	process.once("exit", stopNow);
	process.once("SIGINT", interrupted);
	process.once("SIGTERM", interrupted);
	return {
		url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
		stop: async () => {
			process.off("exit", stopNow);
			process.off("SIGINT", interrupted);
			process.off("SIGTERM", interrupted);
			await pg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

const PREFIX = "portico-pg-";
/** The file in a cluster's folder that names the process (the vitest run) it belongs to. */
const OWNER = "owner.pid";

function stopSync(bin: string, dir: string, asRoot: boolean): void {
	const args = [join(bin, "pg_ctl"), "-D", join(dir, "data"), "-m", "immediate", "-w", "stop"];
	try {
		if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", ...args], { stdio: "ignore" });
		else execFileSync(args[0] as string, args.slice(1), { stdio: "ignore" });
	} catch {
		// Not running.
	}
	rmSync(dir, { recursive: true, force: true });
}

/** Clusters left by a run that was killed outright (SIGKILL): stopped and removed. */
function removeOrphans(bin: string, asRoot: boolean): void {
	for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(PREFIX))) {
		const dir = join(tmpdir(), name);
		// Without an owner yet, another run is creating it right now.
		if (!existsSync(join(dir, OWNER))) continue;
		const owner = Number(readFileSync(join(dir, OWNER), "utf8"));
		if (owner > 0 && isAlive(owner)) continue;
		stopSync(bin, dir, asRoot);
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}
