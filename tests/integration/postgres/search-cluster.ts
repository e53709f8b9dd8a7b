import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Db } from "../../../server/db/client.ts";
import * as pgSchema from "../../../server/db/schema.pg.ts";
import { rootDir } from "../../../server/paths.ts";

/**
 * A throwaway PostgreSQL 15 cluster for the dialect tests (until the shared harness of
 * issue 23 item 5): initdb (as `postgres` when run as root) in a temp folder, a free loopback port of
 * 55500-55599, an ICU en-US default collation as managed clouds have (lower() folds Unicode,
 * and the default order is not by code point, so the fragments must say COLLATE "C"), migrations-pg applied.
 */
export type SearchCluster = {
	db: NodePgDatabase<typeof pgSchema>;
	/** The same handle, typed as the services take it (their rows are identical, docs/decisions/031). */
	servicesDb: Db;
	pool: pg.Pool;
	stop(): Promise<void>;
};

const BIN = "/usr/lib/postgresql/15/bin";
const INT8 = 20;

export async function startSearchCluster(): Promise<SearchCluster> {
	// 64-bit integers (times in milliseconds) as numbers, as the services read them. Drizzle
	// hands node-postgres its own per-query parsers, which defer to these global ones.
	pg.types.setTypeParser(INT8, Number);
	if (!existsSync(join(BIN, "initdb")))
		throw new Error(`PostgreSQL 15 is not installed (${BIN}): apt-get install postgresql-15`);
	const dir = mkdtempSync(join(tmpdir(), "portico-pgsearch-"));
	// PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
	const asRoot = process.getuid?.() === 0;
	if (asRoot) {
		const { uid, gid } = postgresIds();
		chownSync(dir, uid, gid);
	}
	const asPostgres = (command: string, args: string[]) =>
		asRoot
			? execFileSync("runuser", ["-u", "postgres", "--", join(BIN, command), ...args], { stdio: "pipe" })
			: execFileSync(join(BIN, command), args, { stdio: "pipe" });
	asPostgres("initdb", [
		"-D",
		join(dir, "data"),
		"-A",
		"trust",
		"-U",
		"postgres",
		"-E",
		"UTF8",
		"--locale=C.UTF-8",
		"--locale-provider=icu",
		"--icu-locale=en-US",
	]);
	const port = await freeClusterPort();
	const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
	asPostgres("pg_ctl", ["-D", join(dir, "data"), "-o", options, "-l", join(dir, "log"), "-w", "start"]);
	const pool = new pg.Pool({ host: "127.0.0.1", port, user: "postgres", database: "postgres", max: 4 });
	const stop = async () => {
		await pool.end();
		asPostgres("pg_ctl", ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"]);
		rmSync(dir, { recursive: true, force: true });
	};
	const db = drizzle(pool, { schema: pgSchema });
	try {
		await migrate(db, { migrationsFolder: join(rootDir, "migrations-pg") });
	} catch (error) {
		await stop();
		throw error;
	}
	return { db, servicesDb: db as unknown as Db, pool, stop };
}

function postgresIds() {
	const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
	return { uid: id("-u"), gid: id("-g") };
}

/** A port of 55500-55599 nobody listens on a moment ago, from a random start (parallel test files). */
async function freeClusterPort(): Promise<number> {
	const start = Math.floor(Math.random() * 100);
	for (let i = 0; i < 100; i++) {
		const port = 55500 + ((start + i) % 100);
		if (await isFree(port)) return port;
	}
	throw new Error("no free port in 55500-55599");
}

const isFree = (port: number) =>
	new Promise<boolean>((resolve) => {
		const probe = createServer();
		probe.once("error", () => resolve(false));
		probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
	});
