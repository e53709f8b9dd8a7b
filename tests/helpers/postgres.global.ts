import { existsSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { closePostgres, migratePostgres, openPostgres } from "../../server/db/postgres.ts";
import { migrationsPgDir } from "../../server/paths.ts";
import { type Cluster, startCluster } from "./postgres-cluster.ts";
import { SCHEMA_FINGERPRINT } from "./postgres-fingerprint.ts";

/** The database the migrations are applied to once per run; test databases are copies of it. */
export const TEMPLATE = "portico_template";

async function migratedTemplate(cluster: Cluster): Promise<{ template?: string; templateFingerprint?: string }> {
	if (!existsSync(join(migrationsPgDir, "meta", "_journal.json"))) return {};
	const admin = openPostgres(cluster.url("postgres"), 1);
	await admin.execute(`create database ${TEMPLATE}`);
	await closePostgres(admin);
	// Closed before any copy: CREATE DATABASE ... TEMPLATE refuses a template with connections.
	const template = openPostgres(cluster.url(TEMPLATE), 1);
	try {
		await migratePostgres(template);
		const [row] = (await template.execute<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows;
		return { template: TEMPLATE, templateFingerprint: row?.fingerprint };
	} finally {
		await closePostgres(template);
	}
}

/**
 * Global setup of the vitest run: one throwaway PostgreSQL cluster for the whole run, its
 * admin URL and migrated template provided to the test files (helpers/postgres.ts makes each
 * its own database), stopped and removed at the end. Without PostgreSQL installed, the run
 * goes on and every PostgreSQL test fails with the install hint.
 */
export default async function setup(project: TestProject) {
	let cluster: Cluster;
	try {
		cluster = await startCluster();
	} catch (error) {
		project.provide("postgres", { error: (error as Error).message });
		return undefined;
	}
	try {
		project.provide("postgres", { adminUrl: cluster.url("postgres"), ...(await migratedTemplate(cluster)) });
	} catch (error) {
		await cluster.stop();
		throw error;
	}
	return cluster.stop;
}
