import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makePng } from "../../helpers/images.ts";
import { httpLogin, runCli, SUPERUSER, startServer, tempDir } from "../../helpers/process.ts";

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every file and folder under `dir` (itself included) with its mode, e.g. "app.db 600". */
function modes(dir: string, under = ""): string[] {
	const here = join(dir, under);
	const lines = [`${under || "."} ${modeOf(here).toString(8)}`];
	for (const entry of readdirSync(here, { withFileTypes: true })) {
		const path = join(under, entry.name);
		if (entry.isDirectory()) lines.push(...modes(dir, path));
		else lines.push(`${path} ${modeOf(join(dir, path)).toString(8)}`);
	}
	return lines;
}

/** What group or others may do with anything under `dir`: nothing. */
const openToOthers = (dir: string) => modes(dir).filter((line) => !/ [67]00$/.test(line));

async function waitFor(done: () => boolean, what: string) {
	const deadline = Date.now() + 15_000;
	while (!done()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

// The test process runs with umask 022, as a shell would: the server and the CLI must not rely on it.
describe("owner-only data (password hashes, sessions, mail)", () => {
	it("a fresh DATA_DIR, its database, media and outbox are created owner-only", { timeout: 60_000 }, async () => {
		expect(process.umask()).toBe(0o022);
		const dataDir = join(tempDir(), "data");
		const server = await startServer(dataDir);
		const login = await httpLogin(server.url, SUPERUSER.email, SUPERUSER.password);
		const { access_token } = (await login.json()) as { access_token: string };
		const auth = { authorization: `Bearer ${access_token}` };
		const me = (await (await fetch(`${server.url}/api/v1/users/me`, { headers: auth })).json()) as { id: string };

		const form = new FormData();
		form.append("entity_type", "user");
		form.append("entity_id", me.id);
		form.append("file", new Blob([await makePng()], { type: "image/png" }), "me.png");
		const upload = await fetch(`${server.url}/api/v1/media/upload`, { method: "POST", headers: auth, body: form });
		expect(upload.status).toBe(200);
		const recovery = await fetch(`${server.url}/api/v1/password-recovery/${SUPERUSER.email}`, { method: "POST" });
		expect(recovery.status).toBe(200);
		const outbox = join(dataDir, "outbox");
		await waitFor(() => existsSync(outbox) && readdirSync(outbox).some((name) => name.endsWith(".eml")), "the e-mail");

		const listed = modes(dataDir);
		for (const expected of [
			". 700",
			"app.db 600",
			"app.db-wal 600",
			"app.db-shm 600",
			"media 700",
			"outbox 700",
			"secret.key 600",
		])
			expect(listed).toContain(expected);
		expect(listed.filter((line) => /^media\/[0-9a-f]{32} 600$/.test(line))).toHaveLength(1);
		expect(listed.filter((line) => /^outbox\/.*\.eml 600$/.test(line))).toHaveLength(1);
		expect(openToOthers(dataDir)).toEqual([]);
	});

	it("tightens what an older install left open: DATA_DIR, media, outbox, the database and its WAL", {
		timeout: 60_000,
	}, async () => {
		const dataDir = join(tempDir(), "data");
		const first = await startServer(dataDir);
		// Killed, so the -wal and -shm files stay behind as after a crash.
		first.child.kill("SIGKILL");
		await first.exited;
		mkdirSync(join(dataDir, "outbox"), { recursive: true });
		for (const dir of [".", "media", "outbox"]) chmodSync(join(dataDir, dir), 0o755);
		for (const file of ["app.db", "app.db-wal", "app.db-shm", "secret.key"]) chmodSync(join(dataDir, file), 0o644);

		const second = await startServer(dataDir);
		const listed = modes(dataDir);
		for (const expected of [
			". 700",
			"app.db 600",
			"app.db-wal 600",
			"app.db-shm 600",
			"media 700",
			"outbox 700",
			"secret.key 600",
		])
			expect(listed).toContain(expected);
		second.child.kill("SIGTERM");
		expect(await second.exited).toEqual({ code: 0, signal: null });
	});

	it("the CLI creates DATA_DIR owner-only and writes backups 0600", { timeout: 60_000 }, async () => {
		const dataDir = join(tempDir(), "data");
		const env = { DATA_DIR: dataDir };
		const created = await runCli(["create-superuser", "--email", "ops@example.com"], env);
		expect(created.code).toBe(0);
		expect(modes(dataDir)).toContain(". 700");
		expect(modes(dataDir)).toContain("app.db 600");
		expect(openToOthers(dataDir)).toEqual([]);

		const backups = tempDir();
		chmodSync(backups, 0o755);
		const file = join(backups, "portico.db");
		const backup = await runCli(["backup", file], env);
		expect(backup.code).toBe(0);
		expect(modeOf(file)).toBe(0o600);
	});
});
