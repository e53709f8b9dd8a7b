import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/client.ts";

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("openDatabase: WAL, full sync, foreign keys, busy timeout", () => {
	it("sets WAL, synchronous FULL, foreign keys on and a 5 s busy timeout on a file database", () => {
		const dir = mkdtempSync(join(tmpdir(), "portico-pragmas-"));
		dirs.push(dir);
		const db = openDatabase(join(dir, "app.db"));
		try {
			const pragma = (name: string) => db.$client.pragma(name, { simple: true });
			expect(pragma("journal_mode")).toBe("wal");
			expect(pragma("synchronous")).toBe(2);
			expect(pragma("foreign_keys")).toBe(1);
			expect(pragma("busy_timeout")).toBe(5000);
		} finally {
			db.$client.close();
		}
	});
});
