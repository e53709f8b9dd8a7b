import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import { buildApp } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { migrateDatabase, openDatabase } from "../../server/db/client.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import type { MediaStorage } from "../../server/media/storage.ts";

const opened: Array<{ app: FastifyInstance; close: () => void }> = [];

/**
 * Like buildTestApp, but the test supplies the mailer or storage (built from the
 * app's config), as main.ts could. Closed after each test.
 */
export async function buildTestAppWith(options: {
	env?: Record<string, string>;
	mailer?: (config: Config) => Mailer;
	storage?: (config: Config) => MediaStorage;
}): Promise<{ app: FastifyInstance; config: Config; dataDir: string }> {
	const dataDir = mkdtempSync(join(tmpdir(), "portico-test-"));
	const config = loadConfig({ DATA_DIR: dataDir, DATABASE_PATH: ":memory:", LOG_LEVEL: "silent", ...options.env });
	const db = openDatabase(":memory:");
	migrateDatabase(db);
	const app = await buildApp({
		config,
		db,
		logger: false,
		clientDir: join(dataDir, "no-client"),
		mailer: options.mailer?.(config),
		storage: options.storage?.(config),
	});
	opened.push({
		app,
		close: () => {
			db.$client.close();
			rmSync(dataDir, { recursive: true, force: true });
		},
	});
	return { app, config, dataDir };
}

afterEach(async () => {
	for (const { app, close } of opened.splice(0)) {
		await app.close();
		close();
	}
});
