import { readFileSync } from "node:fs";
import pg from "pg";
import { closePostgres, migratePostgres, openPostgres } from "../server/db/postgres.ts";
import { hashPassword } from "../server/lib/passwords.ts";
import { startCluster } from "../tests/helpers/postgres-cluster.ts";
import { seedName } from "./seed.ts";
import { cpuSeconds } from "./stats.ts";

/** Rows per INSERT: 100,000 users in ten statements, not through the API or one row at a time. */
const BATCH = 10_000;

/**
 * The bench's PostgreSQL: the tests' throwaway cluster (tests/helpers/postgres-cluster.ts,
 * loopback, fsync and synchronous_commit off), one database migrated by Portico's own
 * migrations-pg/ and holding `count` users as bench/seed.ts seeds them on SQLite.
 */
export async function startBenchPostgres(count: number, password: string) {
	const cluster = await startCluster();
	try {
		const admin = new pg.Client({ connectionString: cluster.url("postgres") });
		await admin.connect();
		const postmasterPid = await admin
			.query<{ pid: number }>("select pg_backend_pid() as pid")
			.then(({ rows }) => parentPid(rows[0]?.pid as number));
		await admin.query("create database portico_bench");
		await admin.end();
		const url = cluster.url("portico_bench");
		const db = openPostgres(url, 1);
		await migratePostgres(db);
		await closePostgres(db);
		await seedPostgresUsers(url, count, password);
		return { url, postmasterPid, stop: cluster.stop };
	} catch (error) {
		await cluster.stop();
		throw error;
	}
}

/** `count` users as bench/seed.ts seeds SQLite: the same e-mails, names and creation times, one shared hash. */
export async function seedPostgresUsers(url: string, count: number, password: string): Promise<void> {
	const hashedPassword = await hashPassword(password);
	const start = Date.now() - count;
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		for (let from = 0; from < count; from += BATCH) {
			const indexes = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => from + k);
			await client.query(
				`insert into users (id, email, full_name, hashed_password, created_at)
				 select gen_random_uuid()::text, e, n, $3, c from unnest($1::text[], $2::text[], $4::bigint[]) as t(e, n, c)`,
				[
					indexes.map((i) => `seed-${i}@example.com`),
					indexes.map(seedName),
					hashedPassword,
					indexes.map((i) => start + i),
				],
			);
		}
		// The table as one that grew to this size would be, autovacuum having passed: the
		// planner's statistics, the visibility map (count(*) by an index-only scan) and the
		// trigram indexes' pending lists merged. Right after the inserts, a search's count
		// read the pending lists whole and the admin list's count read the heap: 2-4x slower.
		await client.query("vacuum analyze users");
	} finally {
		await client.end();
	}
}

const parentPid = (pid: number) => {
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
};

/**
 * CPU seconds the cluster has used so far: the postmaster, its live processes (the
 * backends serving the pools, the WAL writer...) and the ones that have exited.
 */
export function clusterCpuSeconds(postmasterPid: number): number {
	const fields = readFileSync(`/proc/${postmasterPid}/stat`, "utf8");
	const own = fields.slice(fields.lastIndexOf(")") + 2).split(" ");
	// utime, stime, then cutime, cstime: the children it has waited for.
	let total = (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) / 100;
	const children = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, "utf8").trim();
	for (const child of children ? children.split(" ") : []) {
		try {
			total += cpuSeconds(Number(child));
		} catch {
			// exited meanwhile: counted in cutime next time
		}
	}
	return total;
}
