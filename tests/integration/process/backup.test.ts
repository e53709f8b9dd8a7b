import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { httpLogin, type RunningServer, runCli, runCliHere, startServer, tempDir } from "../../helpers/process.ts";

/** Signups from many clients until stopped; `acknowledged` holds every e-mail answered 200. */
function signupStorm(server: RunningServer) {
	const acknowledged: string[] = [];
	let sent = 0;
	let running = true;
	const clients = Array.from({ length: 6 }, async () => {
		while (running) {
			const n = sent++;
			const email = `b${n}@example.com`;
			const res = await fetch(`${server.url}/api/v1/users/signup`, {
				method: "POST",
				headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${n >> 8}.${n & 255}` },
				body: JSON.stringify({ email, password: "backup-password" }),
			}).catch(() => null);
			if (res?.status === 200) acknowledged.push(email);
		}
	});
	return {
		acknowledged,
		until: async (count: number, timeoutMs = 30_000) => {
			const deadline = Date.now() + timeoutMs;
			while (acknowledged.length < count) {
				if (Date.now() > deadline)
					throw new Error(
						`only ${acknowledged.length} of ${count} signups acknowledged (${sent} sent); server output:\n${server.output()}`,
					);
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
		},
		stop: async () => {
			running = false;
			await Promise.all(clients);
		},
	};
}

const emailsIn = (file: string) => {
	const db = new Database(file, { readonly: true });
	try {
		expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
		return new Set((db.prepare("select email from users").all() as Array<{ email: string }>).map((row) => row.email));
	} finally {
		db.close();
	}
};

describe("backup and restore through the CLI", () => {
	it("backs up online while the server writes, refuses to overwrite, and the restore logs in", {
		timeout: 120_000,
	}, async () => {
		const dataDir = tempDir();
		const env = { DATA_DIR: dataDir, TRUST_PROXY: "1" };
		const server = await startServer(dataDir, env);
		const storm = signupStorm(server);
		await storm.until(15);
		const committedBefore = [...storm.acknowledged];
		const file = join(tempDir(), "portico-backup.db");
		const backup = await runCli(["backup", file], env);
		await storm.until(committedBefore.length + 5); // the app kept writing
		await storm.stop();

		expect(backup.stderr).toBe("");
		expect(backup.code).toBe(0);
		expect(backup.stdout).toContain(file);
		expect(backup.stdout).toContain(`${statSync(file).size} bytes`);
		const saved = emailsIn(file);
		expect(committedBefore.filter((email) => !saved.has(email))).toEqual([]);

		const again = await runCliHere(["backup", file], env);
		expect(again.code).toBe(1);
		expect(again.stderr).toMatch(/already exists/);
		expect(again.stderr).not.toMatch(/\n\s+at /);
		expect(emailsIn(file).size).toBe(saved.size);

		const whileRunning = await runCliHere(["restore", file], env);
		expect(whileRunning.code).toBe(1);
		expect(whileRunning.stderr).toMatch(/stop the server/);

		server.child.kill("SIGTERM");
		expect((await server.exited).code).toBe(0);

		// A DATA_DIR that does not exist yet, as on a new machine.
		const fresh = join(tempDir(), "new", "data");
		const restore = await runCli(["restore", file], { DATA_DIR: fresh });
		expect(restore.stderr).toBe("");
		expect(restore.code).toBe(0);
		expect(existsSync(join(fresh, "app.db"))).toBe(true);
		const revived = await startServer(fresh);
		const login = await httpLogin(revived.url, committedBefore[0] ?? "", "backup-password");
		expect(login.status).toBe(200);
	});

	it("restore refuses a file that is not a Portico database, and changes nothing", { timeout: 120_000 }, async () => {
		const dir = tempDir();
		const env = { DATA_DIR: dir };
		const text = join(dir, "notes.txt");
		writeFileSync(text, "not a database");
		const other = join(dir, "other.db");
		new Database(other).exec("create table things (x)");
		for (const file of [text, other, join(dir, "missing.db")]) {
			const res = await runCliHere(["restore", file], env);
			expect(res.code, file).toBe(1);
			expect(res.stderr).toMatch(/^Error: /);
			expect(res.stderr).not.toMatch(/\n\s+at /);
		}
		expect(existsSync(join(dir, "app.db"))).toBe(false);
	});
});
