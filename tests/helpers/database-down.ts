import { onTestFinished } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { postgresConnectionOf } from "../../server/db/postgres.ts";
import { onCluster } from "./postgres.ts";

/**
 * The app's database goes away under it: SQLite's connection is closed; PostgreSQL's
 * database refuses new connections and its open ones are ended, as a server that went down,
 * and comes back after the test (it may be the vitest worker's, which the next test uses).
 */
export async function takeDatabaseDown(db: Db): Promise<void> {
	const postgres = postgresConnectionOf(db);
	if (!postgres) {
		db.$client.close();
		return;
	}
	const url = postgres.pool.options.connectionString;
	if (!url) throw new Error("the test app's pool has no connection string");
	const name = decodeURIComponent(new URL(url).pathname.slice(1));
	onTestFinished(async () => {
		await onCluster(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
	});
	await onCluster(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
	await onCluster("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
}
