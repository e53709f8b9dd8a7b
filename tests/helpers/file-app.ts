import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { type Db, migrateDatabase, openDatabase } from "../../server/db/client.ts";
import type { Clock } from "../../server/lib/clock.ts";
import { recordStatuses } from "./observed-statuses.ts";

const opened: Array<{ app: FastifyInstance; db: Db }> = [];
const dirs: string[] = [];

export function tempDataDir(): string {
	const dir = mkdtempSync(join(tmpdir(), "portico-file-"));
	dirs.push(dir);
	return dir;
}

/** An app over a real SQLite file in `dataDir`: for tests about what survives a restart. */
export async function buildFileApp(dataDir: string, env: Record<string, string> = {}, clock?: Clock) {
	const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env });
	const db = openDatabase(config.databasePath);
	migrateDatabase(db);
	const app = await buildApp({ config, db, clock, logger: false, clientDir: join(dataDir, "no-client") });
	recordStatuses(app);
	opened.push({ app, db });
	return { app, db, config };
}

/** Closes an app early (a "restart"); afterEach skips it then. */
export async function closeFileApp(app: FastifyInstance): Promise<void> {
	const index = opened.findIndex((entry) => entry.app === app);
	const [entry] = opened.splice(index, 1);
	await entry?.app.close();
	entry?.db.$client.close();
}

afterEach(async () => {
	for (const { app, db } of opened.splice(0)) {
		await app.close();
		db.$client.close();
	}
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
