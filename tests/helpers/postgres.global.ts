import type { TestProject } from "vitest/node";
import { startCluster } from "./postgres-cluster.ts";

/**
 * Global setup of the vitest run: one throwaway PostgreSQL cluster for the whole run, its
 * admin URL provided to the test files (helpers/postgres.ts makes each its own database),
 * stopped and removed at the end. Without PostgreSQL installed, the run goes on and every
 * PostgreSQL test fails with the install hint.
 */
export default async function setup(project: TestProject) {
	try {
		const cluster = await startCluster();
		project.provide("postgres", { adminUrl: cluster.url("postgres") });
		return cluster.stop;
	} catch (error) {
		project.provide("postgres", { error: (error as Error).message });
		return undefined;
	}
}
