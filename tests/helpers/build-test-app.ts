import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import { type AppDeps, buildApp } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { closeDatabase, migrate, openConfiguredDatabase, servicesDb } from "../../server/db/database.ts";
import type { PasswordHasher } from "../../server/lib/passwords.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import type { MediaStorage } from "../../server/media/storage.ts";
import { ClockScheduler } from "./clock-scheduler.ts";
import { recordStatuses } from "./observed-statuses.ts";
import { freshDatabase } from "./postgres.ts";
import { workerDatabase } from "./postgres-worker.ts";

export type TestAppOptions = {
	/** Environment variables, read by the real config loader on top of the test defaults. */
	env?: Record<string, string>;
	/**
	 * "frozen" (the default): time stands still unless the test calls `advance(ms)`, so no
	 * rate-limit token refills and nothing expires while a loaded machine runs the test.
	 * "real": the wall clock (plus what `advance` adds), for tests about time passing itself
	 * (timings, refills, retries with real delays).
	 */
	clock?: "frozen" | "real";
	/** Where the clock starts (default: now); an app reopened after a restart passes the first one's `now()`. */
	startAt?: number;
	/** The app's DATA_DIR; by default a fresh temp dir, removed after the test (see `tempDataDir`). */
	dataDir?: string;
	/**
	 * A real SQLite file instead of a fresh in-memory database, for what must survive a
	 * restart: `close()` the app, then build another over the same file.
	 */
	databasePath?: string;
	/** Parts built from the app's config, as main.ts could. */
	mailer?: (config: Config) => Mailer;
	storage?: (config: Config) => MediaStorage;
	/** Password hashing, e.g. a gated one (tests/helpers/hash-gate.ts) to force an interleaving. */
	passwords?: PasswordHasher;
	/** A built client to serve; by default a folder that does not exist (no SPA). */
	clientDir?: string;
	/** Fastify's logger; by default none. */
	logger?: AppDeps["logger"];
	/** How long a request may take to arrive (the app's default otherwise). */
	requestTimeoutMs?: number;
};

export type TestApp = {
	app: FastifyInstance;
	db: Db;
	config: Config;
	dataDir: string;
	/** The app's time. */
	now: () => number;
	/** Moves the app's clock forward (on the frozen clock, the app's timers then due fire). */
	advance: (ms: number) => void;
	/** Closes the app and its database now (a restart); otherwise that happens after the test. */
	close: () => Promise<void>;
};

const open = new Set<TestApp>();
const dirs: string[] = [];

/** A temp directory removed after the test, e.g. a DATA_DIR that several apps share in turn. */
export function tempDataDir(): string {
	const dir = mkdtempSync(join(tmpdir(), "portico-test-"));
	dirs.push(dir);
	return dir;
}

/**
 * The real app (`buildApp`) over a database built by the real migrations: a fresh
 * in-memory SQLite unless `databasePath` names a file, with its own DATA_DIR and a clock
 * the test moves. Every status a REST route answers is recorded for the run's
 * documented-status check. Closed, and its temp dir removed, after each test.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
	const dataDir = options.dataDir ?? tempDataDir();
	// PORTICO_DB=postgres: the worker's database, emptied for the test (helpers/postgres-worker.ts);
	// a second app in the same test gets a migrated database of its own.
	const onPostgres = process.env.PORTICO_DB === "postgres" && options.databasePath === undefined;
	const where = onPostgres
		? { DATABASE_URL: (await workerDatabase()) ?? (await freshDatabase("migrated")) }
		: { DATABASE_PATH: options.databasePath ?? ":memory:" };
	const config = loadConfig({ DATA_DIR: dataDir, ...where, LOG_LEVEL: "silent", ...options.env });
	const opened = openConfiguredDatabase(config);
	await migrate(opened);
	const db = servicesDb(opened);
	const start = options.startAt ?? Date.now();
	const realOffset = start - Date.now();
	let moved = 0;
	const now = options.clock === "real" ? () => Date.now() + realOffset + moved : () => start + moved;
	// On the frozen clock the app's timers fire when the test advances it; on the real one, by themselves.
	const scheduler = options.clock === "real" ? undefined : new ClockScheduler(now);
	const app = await buildApp({
		config,
		db,
		clock: now,
		scheduler,
		logger: options.logger ?? false,
		clientDir: options.clientDir ?? join(dataDir, "no-client"),
		mailer: options.mailer?.(config),
		storage: options.storage?.(config),
		passwords: options.passwords,
		requestTimeoutMs: options.requestTimeoutMs,
	});
	recordStatuses(app);
	const testApp: TestApp = {
		app,
		db,
		config,
		dataDir,
		now,
		advance: (ms) => {
			moved += ms;
			scheduler?.runDue();
		},
		close: async () => {
			if (!open.delete(testApp)) return;
			await app.close();
			await closeDatabase(opened);
		},
	};
	open.add(testApp);
	return testApp;
}

afterEach(async () => {
	for (const testApp of [...open]) await testApp.close();
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
