import { describe, expect, it } from "vitest";
import { ensureFirstSuperuser } from "../../../server/services/admin/first-superuser.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { hashGate } from "../../helpers/hash-gate.ts";
import { api } from "../../helpers/http.ts";
import { freshDatabase } from "../../helpers/postgres.ts";
import { startServer, tempDir } from "../../helpers/process.ts";
import { rawAll } from "../../helpers/raw-sql.ts";

// On PostgreSQL a second instance may share the database (issue 24): what stays on this
// host's disk is said at start and in the health details; the first superuser is made once.

const KEY = "cd".repeat(32);

describe("start-up on PostgreSQL", () => {
	it("warns at start when media and mail stay on this host's disk", { timeout: 120_000 }, async () => {
		const server = await startServer(tempDir(), { DATABASE_URL: await freshDatabase(), SECRET_KEY: KEY });
		try {
			expect(server.output()).toContain("media files are kept under DATA_DIR/media on this host");
			expect(server.output()).toContain("without SMTP_HOST, e-mails are written to DATA_DIR/outbox on this host");
		} finally {
			server.child.kill("SIGTERM");
			await server.exited;
		}
	});

	it("says so in the health details, and only what applies", async () => {
		const url = await freshDatabase("migrated");
		const { app } = await buildTestApp({ env: { DATABASE_URL: url } });
		for (const path of ["/utils/health-check/details", "/media/health"]) {
			const details = await api(app, "GET", path);
			expect(details.statusCode).toBe(200);
			expect(details.json()).toEqual({
				status: "ok",
				database: "ok",
				storage: "ok",
				warnings: ["media_on_host_disk", "mail_outbox_on_host_disk"],
			});
		}
		const withSmtp = await buildTestApp({ env: { DATABASE_URL: url, SMTP_HOST: "127.0.0.1", SMTP_PORT: "1" } });
		expect((await api(withSmtp.app, "GET", "/utils/health-check/details")).json()).toMatchObject({
			warnings: ["media_on_host_disk"],
		});
		expect((await api(app, "GET", "/utils/health-check/")).json()).toBe(true);
	});
});

describe("two instances starting together on one database", () => {
	it("make one first superuser; the one that loses the race starts all the same", async () => {
		const url = await freshDatabase("migrated");
		const env = {
			DATABASE_URL: url,
			FIRST_SUPERUSER_EMAIL: "first@example.com",
			FIRST_SUPERUSER_PASSWORD: "pw-123456789",
		};
		const gate = hashGate();
		const a = await buildTestApp({ env, passwords: gate.hasher });
		const b = await buildTestApp({ env });
		// A is held after its password hash, past its "does the account exist?"; B creates it.
		const held = gate.pauseAfter("hash");
		const first = ensureFirstSuperuser(a.app.deps);
		await held.reached;
		expect((await ensureFirstSuperuser(b.app.deps)).created).toBe(true);
		held.release();
		expect(await first).toEqual({ created: false });
		const users = await rawAll<{ email: string; is_superuser: boolean }>(a.db, "SELECT email, is_superuser FROM users");
		expect(users).toEqual([{ email: "first@example.com", is_superuser: true }]);
	});
});
