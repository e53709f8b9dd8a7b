import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnServer, startServer, tempDir } from "../../helpers/process.ts";

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /);

describe("the real process and its configuration", () => {
	it("exits 1 naming the variable when PORT is not a number", { timeout: 120_000 }, async () => {
		const server = spawnServer({ PORT: "abc", DATA_DIR: tempDir() });
		const exit = await server.exited;
		expect(exit.code).toBe(1);
		expect(server.output()).toContain("PORT");
		expect(server.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
	});

	it("exits 1 naming FIRST_SUPERUSER_PASSWORD when it is too short", { timeout: 120_000 }, async () => {
		const server = spawnServer({ FIRST_SUPERUSER_PASSWORD: "short", DATA_DIR: tempDir() });
		expect((await server.exited).code).toBe(1);
		expect(server.output()).toContain("FIRST_SUPERUSER_PASSWORD");
	});

	it("exits 1 naming MEDIA_URL when it is not s3://bucket/prefix, and a missing S3 secret by name", {
		timeout: 120_000,
	}, async () => {
		const secret = "portico-process-secret-0123456789";
		const bad = spawnServer({
			MEDIA_URL: "s3://bucket/../elsewhere",
			S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
			S3_SECRET_ACCESS_KEY: secret,
			DATA_DIR: tempDir(),
		});
		expect((await bad.exited).code).toBe(1);
		expect(bad.output()).toContain("MEDIA_URL");
		expect(bad.output()).not.toContain(secret);
		noStack(bad.output());
		const noSecret = spawnServer({
			MEDIA_URL: "s3://bucket/media",
			S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
			DATA_DIR: tempDir(),
		});
		expect((await noSecret.exited).code).toBe(1);
		expect(noSecret.output()).toContain("S3_SECRET_ACCESS_KEY");
		noStack(noSecret.output());
	});

	it("exits 1 naming SECRET_KEY when DATABASE_URL is PostgreSQL and no key is set", { timeout: 120_000 }, async () => {
		const dataDir = tempDir();
		// Refused before any connection: no database needs to listen there.
		const server = spawnServer({ DATABASE_URL: "postgres://portico@127.0.0.1:1/portico", DATA_DIR: dataDir });
		expect((await server.exited).code).toBe(1);
		expect(server.output()).toContain("SECRET_KEY: is required with a PostgreSQL DATABASE_URL");
		noStack(server.output());
		expect(existsSync(join(dataDir, "secret.key"))).toBe(false);
	});

	it("starts with defaults for everything else and prints a generated first-superuser password once", {
		timeout: 120_000,
	}, async () => {
		const dataDir = tempDir();
		const server = await startServer(dataDir, { FIRST_SUPERUSER_PASSWORD: "", FIRST_SUPERUSER_EMAIL: "" });
		expect(server.output()).toMatch(/First superuser created: admin@example\.com/);
		const password = /Password \(shown only now\): (\S+)/.exec(server.output())?.[1];
		expect(password).toBeDefined();
		const login = await fetch(`${server.url}/api/v1/login/access-token`, {
			method: "POST",
			headers: { "content-type": "application/x-www-form-urlencoded" },
			body: new URLSearchParams({ username: "admin@example.com", password: password ?? "" }),
		});
		expect(login.status).toBe(200);
	});

	it("exits 1 with a plain message naming PORT when the port is taken", { timeout: 120_000 }, async () => {
		const first = await startServer(tempDir());
		const second = spawnServer({ PORT: String(first.port), HOST: "127.0.0.1", DATA_DIR: tempDir() });
		expect((await second.exited).code).toBe(1);
		expect(second.output()).toMatch(/PORT/);
		expect(second.output()).toMatch(/already in use/);
		noStack(second.output());
	});
});
