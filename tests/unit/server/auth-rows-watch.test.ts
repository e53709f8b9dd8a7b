import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SAME_TURN_MS, watchAuthRows } from "../../../server/db/auth-rows-watch.ts";
import { migrateDatabase, openDatabase } from "../../../server/db/client.ts";

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file watched by the app's connection, and a second connection to it (as the CLI opens one). */
async function twoConnections(sameTurnMs?: number) {
	const dir = mkdtempSync(join(tmpdir(), "portico-watch-"));
	dirs.push(dir);
	const file = join(dir, "app.db");
	const db = openDatabase(file);
	await migrateDatabase(db);
	db.$client.exec("CREATE TABLE elsewhere (n INTEGER)");
	const watch = await watchAuthRows(db, () => {}, { sameTurnMs });
	const other = new Database(file);
	const writeElsewhere = () => other.prepare("INSERT INTO elsewhere (n) VALUES (1)").run();
	const close = () => {
		other.close();
		db.$client.close();
	};
	return { watch, writeElsewhere, close };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("another connection's writes, as the session-check cache hears of them", () => {
	it("are read once per event-loop turn: the first request of the next turn sees a write, however soon", async () => {
		// However long a turn may last: the turn's end alone must make the next reading fresh.
		const { watch, writeElsewhere, close } = await twoConnections(60_000);
		try {
			expect(watch.otherConnectionWrote()).toBe(false);
			writeElsewhere();
			// Requests of the same turn were read off their sockets with the first: its reading serves them.
			expect(watch.otherConnectionWrote()).toBe(false);
			await nextTurn();
			expect(watch.otherConnectionWrote()).toBe(true);
			expect(watch.otherConnectionWrote()).toBe(false);
			// Nothing written since: the next turn reads no change.
			await nextTurn();
			expect(watch.otherConnectionWrote()).toBe(false);
		} finally {
			close();
		}
	});

	it(`are read again within a long turn after ${SAME_TURN_MS} ms`, async () => {
		const { watch, writeElsewhere, close } = await twoConnections();
		try {
			expect(watch.otherConnectionWrote()).toBe(false);
			writeElsewhere();
			const until = performance.now() + SAME_TURN_MS + 1;
			while (performance.now() < until) {
				// one long turn
			}
			expect(watch.otherConnectionWrote()).toBe(true);
		} finally {
			close();
		}
	});
});
