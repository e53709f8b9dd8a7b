import { randomUUID } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "../../../server/db/client.ts";
import { runCli, tempDir } from "../../helpers/process.ts";

describe("backup of a big database under constant writes", () => {
	it("finishes (a step-wise copy would restart after every write, forever)", { timeout: 120_000 }, async () => {
		const dataDir = tempDir();
		const path = join(dataDir, "app.db");
		const setup = openDatabase(path);
		await migrateDatabase(setup);
		setup.$client.close();
		const db = new Database(path);
		db.pragma("journal_mode = WAL");
		const insert = db.prepare(
			"insert into users (id, email, full_name, hashed_password, is_active, is_superuser, created_at) values (?, ?, ?, 'x', 1, 0, ?)",
		);
		db.transaction(() => {
			for (let i = 0; i < 20_000; i++) insert.run(randomUUID(), `bulk${i}@example.com`, "n".repeat(1000), Date.now());
		})();
		// A copy that restarted after every write would never finish: the test's timeout catches it.
		// Another connection writes every few milliseconds for as long as the backup runs.
		let n = 0;
		const writer = setInterval(() => insert.run(randomUUID(), `live${n++}@example.com`, "live", Date.now()), 2);
		const file = join(tempDir(), "busy-backup.db");
		const result = await runCli(["backup", file], { DATA_DIR: dataDir });
		clearInterval(writer);
		db.close();
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(n).toBeGreaterThan(0);
		const copy = new Database(file, { readonly: true });
		expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
		expect((copy.prepare("select count(*) as c from users where email like 'bulk%'").get() as { c: number }).c).toBe(
			20_000,
		);
		copy.close();
	});
});
