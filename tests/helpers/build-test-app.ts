import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import { buildApp } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { type Db, migrateDatabase, openDatabase } from "../../server/db/client.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import type { MediaStorage } from "../../server/media/storage.ts";
import type { PasswordHasher } from "../../server/lib/passwords.ts";
import { recordStatuses } from "./observed-statuses.ts";

export type TestApp = {
	app: FastifyInstance;
	db: Db;
	config: Config;
	dataDir: string;
	/** Moves the app's clock forward. */
	advance: (ms: number) => void;
	now: () => number;
};

const opened: TestApp[] = [];

/** Parts a test may supply itself, built from the app's config (as main.ts could). */
export type TestParts = {
	mailer?: (config: Config) => Mailer;
	storage?: (config: Config) => MediaStorage;
	/** A built client to serve; by default a folder that does not exist (no SPA). */
	clientDir?: string;
	/** Password hashing, e.g. a gated one (tests/helpers/hash-gate.ts) to force an interleaving. */
	passwords?: PasswordHasher;
};

/**
 * A fresh app over a fresh in-memory SQLite built by the real migrations, with its own
 * temp DATA_DIR and a clock the test can move. Closed after each test.
 */
export async function buildTestApp(env: Record<string, string> = {}, parts: TestParts = {}): Promise<TestApp> {
	const dataDir = mkdtempSync(join(tmpdir(), "portico-test-"));
	const config = loadConfig({ DATA_DIR: dataDir, DATABASE_PATH: ":memory:", LOG_LEVEL: "silent", ...env });
	const db = openDatabase(":memory:");
	migrateDatabase(db);
	let offset = 0;
	const now = () => Date.now() + offset;
	const app = await buildApp({
		config,
		db,
		clock: now,
		logger: false,
		clientDir: parts.clientDir ?? join(dataDir, "no-client"),
		mailer: parts.mailer?.(config),
		storage: parts.storage?.(config),
		passwords: parts.passwords,
	});
	recordStatuses(app);
	const testApp: TestApp = {
		app,
		db,
		config,
		dataDir,
		now,
		advance: (ms) => {
			offset += ms;
		},
	};
	opened.push(testApp);
	return testApp;
}

afterEach(async () => {
	for (const { app, db, dataDir } of opened.splice(0)) {
		await app.close();
		db.$client.close();
		rmSync(dataDir, { recursive: true, force: true });
	}
});
