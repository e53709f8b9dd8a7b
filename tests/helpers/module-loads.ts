import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./process.ts";

/**
 * The opening of a script for a fresh Node process: a module-resolution hook sets
 * `loaded` once any module whose URL contains `urlPart` is resolved, and `settle()` lets
 * the hook's message arrive. The script then does its steps and prints `loaded` between.
 */
export const watchModuleLoads = (urlPart: string) => `
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const hooks = "data:text/javascript," + encodeURIComponent(
	"let port; export function initialize(data) { port = data.port; }" +
	"export async function resolve(specifier, context, next) {" +
	" const resolved = await next(specifier, context);" +
	" if (resolved.url.includes('${urlPart}')) port.postMessage(resolved.url);" +
	" return resolved; }",
);
const { port1, port2 } = new MessageChannel();
let loaded = false;
port1.on("message", () => { loaded = true; });
port1.unref();
register(hooks, import.meta.url, { data: { port: port2 }, transferList: [port2] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
`;

/** Runs `script` (TypeScript imports allowed, from the repository's root) in a fresh Node process; returns the JSON of its last line. */
export function lastJsonOfFreshNode(script: string, env: Record<string, string>): unknown {
	const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		encoding: "utf8",
	});
	return JSON.parse(out.trim().split("\n").pop() ?? "");
}

/**
 * A fresh Node process builds the whole app (SQLite in memory, `config` added to its
 * settings, a temporary data folder), says whether a module whose URL contains `urlPart` is
 * loaded, answers `request`, and says it again.
 */
export function moduleLoadsAroundRequest(
	urlPart: string,
	request: { method: string; url: string },
	config: Record<string, string> = {},
): { before: boolean; status: number; after: boolean } {
	const script = `
${watchModuleLoads(urlPart)}
const { buildApp } = await import("./server/app.ts");
const { loadConfig } = await import("./server/config.ts");
const { migrateDatabase, openDatabase } = await import("./server/db/client.ts");
const config = loadConfig({
	DATABASE_PATH: ":memory:",
	DATA_DIR: process.env.DATA_DIR,
	LOG_LEVEL: "silent",
	...${JSON.stringify(config)},
});
const db = openDatabase(":memory:");
await migrateDatabase(db);
const app = await buildApp({ config, db });
await app.ready();
await settle();
const before = loaded;
const response = await app.inject(${JSON.stringify(request)});
await settle();
console.log(JSON.stringify({ before, status: response.statusCode, after: loaded }));
await app.close();
`;
	const dataDir = mkdtempSync(join(tmpdir(), "portico-module-loads-"));
	try {
		return lastJsonOfFreshNode(script, { DATA_DIR: dataDir }) as { before: boolean; status: number; after: boolean };
	} finally {
		rmSync(dataDir, { recursive: true, force: true });
	}
}
