import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { lastJsonOfFreshNode, watchModuleLoads } from "../../helpers/module-loads.ts";

/**
 * A fresh Node process that builds the whole app with a provider configured (down), says
 * whether openid-client is loaded, starts a sign-in at the provider, and says it again.
 */
const script = `
${watchModuleLoads("/openid-client/")}
const { buildApp } = await import("./server/app.ts");
const { loadConfig } = await import("./server/config.ts");
const { migrateDatabase, openDatabase } = await import("./server/db/client.ts");
const config = loadConfig({
	DATABASE_PATH: ":memory:",
	DATA_DIR: process.env.DATA_DIR,
	LOG_LEVEL: "silent",
	OIDC_PROVIDERS: "company",
	OIDC_COMPANY_ISSUER: "http://127.0.0.1:9",
	OIDC_COMPANY_CLIENT_ID: "portico",
});
const db = openDatabase(":memory:");
migrateDatabase(db);
const app = await buildApp({ config, db });
await app.ready();
await settle();
const before = loaded;
const start = await app.inject({ method: "GET", url: "/api/v1/login/oidc/company" });
await settle();
console.log(JSON.stringify({ before, status: start.statusCode, after: loaded }));
await app.close();
`;

it("openid-client is loaded with the first sign-in at a provider, not at start", { timeout: 30_000 }, () => {
	const dataDir = mkdtempSync(join(tmpdir(), "portico-openid-"));
	try {
		expect(lastJsonOfFreshNode(script, { DATA_DIR: dataDir })).toEqual({ before: false, status: 503, after: true });
	} finally {
		rmSync(dataDir, { recursive: true, force: true });
	}
});
