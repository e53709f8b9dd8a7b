import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type AnyDb, closeDatabase, ping } from "../../../server/db/database.ts";
import { migratePostgres, openPostgres, type PgDb } from "../../../server/db/postgres.ts";
import { checkHealth } from "../../../server/services/health.ts";
import { freePort } from "../../helpers/free-port.ts";
import { freshDatabase, onCluster } from "../../helpers/postgres.ts";

const opened: PgDb[] = [];
const open = (url: string, poolSize?: number) => {
	const db = openPostgres(url, poolSize);
	opened.push(db);
	return db;
};
afterEach(async () => {
	await Promise.all(opened.splice(0).map((db) => closeDatabase(db).catch(() => undefined)));
});

const storage = { isHealthy: async () => true } as unknown as Parameters<typeof checkHealth>[0]["storage"];
const rowsOf = async (db: PgDb, query: ReturnType<typeof sql>) => (await db.execute(query)).rows;

describe("the PostgreSQL client", () => {
	it("reads int8 (bigint, count) as JS numbers, and refuses one past 2^53 rather than round it", async () => {
		const db = open(await freshDatabase());
		expect(await rowsOf(db, sql`select 1700000000000::int8 as ms, count(*) as n from generate_series(1, 3)`)).toEqual([
			{ ms: 1_700_000_000_000, n: 3 },
		]);
		expect(await rowsOf(db, sql`select ${Number.MAX_SAFE_INTEGER}::int8 as max`)).toEqual([
			{ max: Number.MAX_SAFE_INTEGER },
		]);
		const past = await db.execute(sql`select 9007199254740993::int8 as past`).catch((error: Error) => error.cause);
		expect(past).toEqual(new RangeError("an int8 value out of JavaScript's safe range: 9007199254740993"));
	});

	it("health: ok with a real round trip, error when the server does not answer", async () => {
		const db = open(await freshDatabase());
		expect(await checkHealth({ db, storage })).toEqual({ status: "ok", database: "ok", storage: "ok" });
		const stopped = open(`postgres://postgres@127.0.0.1:${await freePort()}/portico`);
		expect(await checkHealth({ db: stopped, storage })).toEqual({ status: "error", database: "error", storage: "ok" });
	});

	it("closing the database ends the pool's connections: no socket stays open", async () => {
		const sockets = () => process.getActiveResourcesInfo().filter((kind) => kind === "TCPSocketWrap").length;
		const before = sockets();
		const db = open(await freshDatabase(), 3);
		await Promise.all([ping(db), ping(db), ping(db)]);
		expect(sockets()).toBe(before + 3);
		await closeDatabase(db as AnyDb);
		// Each socket closes once the server has answered the pool's goodbye, a few turns later.
		while (sockets() > before) await new Promise((resolve) => setImmediate(resolve));
		expect(sockets()).toBe(before);
		await expect(ping(db)).rejects.toThrow(/pool after calling end/);
	});
});

describe("migrations on PostgreSQL", () => {
	let folder: string | undefined;
	afterEach(() => {
		if (folder) rmSync(folder, { recursive: true, force: true });
	});

	/** A drizzle-kit-shaped folder whose one migration first reads `gate`, which the test holds locked. */
	function migrationsHeldAtGate(): string {
		folder = mkdtempSync(join(tmpdir(), "portico-pg-migrations-"));
		mkdirSync(join(folder, "meta"));
		const entry = { idx: 0, version: "7", when: 1_800_000_000_000, tag: "0000_first", breakpoints: true };
		writeFileSync(
			join(folder, "meta", "_journal.json"),
			JSON.stringify({ version: "7", dialect: "postgresql", entries: [entry] }),
		);
		writeFileSync(
			join(folder, "0000_first.sql"),
			"SELECT count(*) FROM gate;\n--> statement-breakpoint\nCREATE TABLE things (id integer PRIMARY KEY);\n--> statement-breakpoint\nINSERT INTO things VALUES (1);",
		);
		return folder;
	}

	it("two instances migrating together apply them once: the second waits for the first's advisory lock", async () => {
		const url = await freshDatabase();
		const dir = migrationsHeldAtGate();
		const holder = new pg.Client({ connectionString: url });
		await holder.connect();
		try {
			await holder.query("create table gate (id integer)");
			await holder.query("begin");
			await holder.query("lock table gate in access exclusive mode");
			const [a, b] = [open(url), open(url)];
			const migrations = Promise.all([migratePostgres(a, dir), migratePostgres(b, dir)]);
			// Both instances have started: one reads the gate, the other waits (for the lock, or at the gate).
			const database = new URL(url).pathname.slice(1);
			while (true) {
				const [waiting] = await onCluster<{ n: number }>(
					"select count(*) as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
					[database],
				);
				if (waiting?.n === 2) break;
			}
			await holder.query("commit");
			await migrations;
			expect(await rowsOf(a, sql`select count(*) as n from drizzle.__drizzle_migrations`)).toEqual([{ n: 1 }]);
			expect(await rowsOf(a, sql`select count(*) as n from things`)).toEqual([{ n: 1 }]);
			await migratePostgres(b, dir);
			expect(await rowsOf(b, sql`select count(*) as n from drizzle.__drizzle_migrations`)).toEqual([{ n: 1 }]);
		} finally {
			await holder.end();
		}
	});
});
