import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { lastJsonOfFreshNode, watchModuleLoads } from "../../helpers/module-loads.ts";

/**
 * A fresh Node process that builds the whole app, says whether @simplewebauthn/server is
 * loaded, asks for the options of a passkey sign-in, and says it again.
 */
const script = `
${watchModuleLoads("/@simplewebauthn/server/")}
const { buildApp } = await import("./server/app.ts");
const { loadConfig } = await import("./server/config.ts");
const { migrateDatabase, openDatabase } = await import("./server/db/client.ts");
const config = loadConfig({ DATABASE_PATH: ":memory:", DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: "silent" });
const db = openDatabase(":memory:");
migrateDatabase(db);
const app = await buildApp({ config, db });
await app.ready();
await settle();
const before = loaded;
const options = await app.inject({ method: "POST", url: "/api/v1/login/passkey/options" });
await settle();
console.log(JSON.stringify({ before, status: options.statusCode, after: loaded }));
await app.close();
`;

it("@simplewebauthn/server is loaded with the first passkey ceremony, not at start", { timeout: 30_000 }, () => {
	const dataDir = mkdtempSync(join(tmpdir(), "portico-webauthn-"));
	try {
		expect(lastJsonOfFreshNode(script, { DATA_DIR: dataDir })).toEqual({ before: false, status: 200, after: true });
	} finally {
		rmSync(dataDir, { recursive: true, force: true });
	}
});
