import pg from "pg";
import { startCluster } from "../helpers/postgres-cluster.ts";

/**
 * A throwaway PostgreSQL cluster for the e2e run's server (the project "postgres"), with an
 * empty database the server migrates at start. The runner starts it once; it is stopped and
 * removed when the runner exits (helpers/postgres-cluster.ts).
 */
export async function e2eDatabaseUrl(): Promise<string> {
	const cluster = await startCluster();
	const admin = new pg.Client({ connectionString: cluster.url("postgres") });
	await admin.connect();
	try {
		await admin.query("create database portico");
	} finally {
		await admin.end();
	}
	return cluster.url("portico");
}
