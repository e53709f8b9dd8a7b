import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api } from "../../helpers/http.ts";
import { freshDatabase } from "../../helpers/postgres.ts";
import { startServer, tempDir } from "../../helpers/process.ts";

// On PostgreSQL a second instance may share the database (issue 24): what stays on this
// host's disk is said at start and in the health details.

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
