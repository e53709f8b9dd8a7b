import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../../helpers/process.ts";

/**
 * A fresh Node process that builds the whole app, says whether @simplewebauthn/server is
 * loaded, asks for the options of a passkey sign-in, and says it again.
 */
const script = `
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const hooks = "data:text/javascript," + encodeURIComponent(
	"let port; export function initialize(data) { port = data.port; }" +
	"export async function resolve(specifier, context, next) {" +
	" const resolved = await next(specifier, context);" +
	" if (resolved.url.includes('/@simplewebauthn/server/')) port.postMessage(resolved.url);" +
	" return resolved; }",
);
const { port1, port2 } = new MessageChannel();
let loaded = false;
port1.on("message", () => { loaded = true; });
port1.unref();
register(hooks, import.meta.url, { data: { port: port2 }, transferList: [port2] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
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
		const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
			cwd: ROOT,
			env: { ...process.env, DATA_DIR: dataDir },
			encoding: "utf8",
		});
		expect(JSON.parse(out.trim().split("\n").pop() ?? "")).toEqual({ before: false, status: 200, after: true });
	} finally {
		rmSync(dataDir, { recursive: true, force: true });
	}
});
