import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject, onTestFinished } from "vitest";

declare module "vitest" {
	export interface ProvidedContext {
		/** The run's cluster (helpers/postgres.global.ts), or why it could not start. */
		postgres: { adminUrl: string; template?: string; templateFingerprint?: string } | { error: string };
	}
}

/** The run's cluster; throws (loudly, with the install hint) when it could not start. */
function cluster() {
	const provided = inject("postgres");
	if ("error" in provided) throw new Error(`PostgreSQL tests cannot run: ${provided.error}`);
	return provided;
}

export const postgresAdminUrl = (): string => cluster().adminUrl;

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

/**
 * The URL of a database of the test's own, dropped when it ends: empty, or with the
 * migrations applied (a copy of the run's migrated template, helpers/postgres.global.ts).
 */
export async function freshDatabase(contents: "empty" | "migrated" = "empty"): Promise<string> {
	const name = `test_${randomUUID().replaceAll("-", "")}`;
	const { template } = cluster();
	if (contents === "migrated" && !template) throw new Error("no migrations-pg/ to apply");
	await onCluster(contents === "migrated" ? `create database ${name} template ${template}` : `create database ${name}`);
	onTestFinished(async () => {
		await onCluster(`drop database if exists ${name} with (force)`);
	});
	return postgresAdminUrl().replace(/\/postgres$/, `/${name}`);
}
