import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject, onTestFinished } from "vitest";

declare module "vitest" {
	export interface ProvidedContext {
		/** The run's cluster (helpers/postgres.global.ts), or why it could not start. */
		postgres: { adminUrl: string } | { error: string };
	}
}

/** The run's cluster's admin URL; throws (loudly, with the install hint) when it could not start. */
export function postgresAdminUrl(): string {
	const cluster = inject("postgres");
	if ("error" in cluster) throw new Error(`PostgreSQL tests cannot run: ${cluster.error}`);
	return cluster.adminUrl;
}

/** Runs one statement on the cluster's admin database. */
export async function onCluster<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> {
	const client = new pg.Client({ connectionString: postgresAdminUrl() });
	await client.connect();
	try {
		return (await client.query<T>(text, values)).rows;
	} finally {
		await client.end();
	}
}

/** The URL of a fresh, empty database of its own, dropped when the test ends. */
export async function freshDatabase(): Promise<string> {
	const name = `test_${randomUUID().replaceAll("-", "")}`;
	await onCluster(`create database ${name}`);
	onTestFinished(async () => {
		await onCluster(`drop database if exists ${name} with (force)`);
	});
	return postgresAdminUrl().replace(/\/postgres$/, `/${name}`);
}
