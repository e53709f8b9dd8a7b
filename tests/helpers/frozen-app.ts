import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { type Db, migrateDatabase, openDatabase } from "../../server/db/client.ts";
import { recordStatuses } from "./observed-statuses.ts";

const opened: Array<{ app: FastifyInstance; db: Db; dataDir: string }> = [];

/**
 * Like buildTestApp, but time stands still unless the test moves it: rate-limit tests
 * must not see tokens refill while a slow (loaded) machine runs their requests.
 */
export async function buildFrozenApp(env: Record<string, string> = {}) {
	const dataDir = mkdtempSync(join(tmpdir(), "portico-frozen-"));
	const config = loadConfig({ DATA_DIR: dataDir, DATABASE_PATH: ":memory:", LOG_LEVEL: "silent", ...env });
	const db = openDatabase(":memory:");
	migrateDatabase(db);
	let time = Date.now();
	const app = await buildApp({ config, db, clock: () => time, logger: false, clientDir: join(dataDir, "no-client") });
	recordStatuses(app);
	opened.push({ app, db, dataDir });
	return {
		app,
		db,
		now: () => time,
		advance: (ms: number) => {
			time += ms;
		},
	};
}

afterEach(async () => {
	for (const { app, db, dataDir } of opened.splice(0)) {
		await app.close();
		db.$client.close();
		rmSync(dataDir, { recursive: true, force: true });
	}
});
