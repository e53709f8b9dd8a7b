import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, statSync, symlinkSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Launch, ROOT, type RunningServer, startServer, tempDir } from "../../helpers/process.ts";

const CHECKOUT = [
	"server",
	"shared",
	"client",
	"scripts",
	"migrations",
	"package.json",
	"package-lock.json",
	"tsconfig.json",
];

/** A fresh checkout: the sources and the installed dependencies, nothing built. */
function freshCheckout(): string {
	const dir = tempDir("portico-checkout-");
	for (const path of CHECKOUT)
		cpSync(join(ROOT, path), join(dir, path), {
			recursive: true,
			filter: (src) => !src.endsWith("/dist") && !src.includes("/dist/"),
		});
	symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
	return dir;
}

async function npmStart(checkout: string, dataDir: string): Promise<{ server: RunningServer; firstAnswerMs: number }> {
	const launch: Launch = { cwd: checkout, args: ["server/start.mjs"] };
	const started = performance.now();
	const server = await startServer(dataDir, {}, { launch, timeoutMs: 120_000 });
	const firstAnswerMs = Math.round(performance.now() - started);
	return { server, firstAnswerMs };
}

async function stop(server: RunningServer) {
	server.child.kill("SIGTERM");
	expect(await server.exited).toEqual({ code: 0, signal: null });
}

describe("npm start (server/start.mjs) on a checkout", () => {
	it("builds what is not built, then only what its sources outdated, then nothing", { timeout: 180_000 }, async () => {
		const checkout = freshCheckout();
		const dataDir = tempDir();
		const bundle = join(checkout, "server/dist/main.mjs");
		const client = join(checkout, "client/dist/index.html");

		const first = await npmStart(checkout, dataDir);
		expect(first.server.output()).toContain("Building the server bundle");
		expect(first.server.output()).toContain("Building the client");
		const page = await fetch(`${first.server.url}/login`, { headers: { accept: "text/html" } });
		expect(page.status).toBe(200);
		await stop(first.server);
		// drizzle-orm is inside the bundle: loaded from node_modules, Node's resolver re-parsed its
		// 179 KB exports map for each of its files, and the idle server held 290 MB (scripts/build-server.mjs).
		expect(readFileSync(bundle, "utf8")).not.toMatch(/from "drizzle-orm/);
		const bundleBuilt = statSync(bundle).mtimeMs;
		const clientBuilt = statSync(client).mtimeMs;

		const second = await npmStart(checkout, dataDir);
		expect(second.server.output()).not.toContain("Building");
		await stop(second.server);
		expect(statSync(bundle).mtimeMs).toBe(bundleBuilt);
		console.log(`npm start, already built: first answer after ${second.firstAnswerMs} ms`);

		// A server source edited after the build: the bundle is rebuilt, the client is not.
		const later = new Date(bundleBuilt + 2000);
		utimesSync(join(checkout, "server/services/health.ts"), later, later);
		const third = await npmStart(checkout, dataDir);
		expect(third.server.output()).toContain("Building the server bundle");
		expect(third.server.output()).not.toContain("Building the client");
		await stop(third.server);
		expect(statSync(bundle).mtimeMs).toBeGreaterThan(bundleBuilt);
		expect(statSync(client).mtimeMs).toBe(clientBuilt);
		expect(existsSync(join(checkout, "server/dist/main.mjs.map"))).toBe(true);
	});

	it("refuses a Node.js older than package.json's engines, by name, before building anything", () => {
		const checkout = freshCheckout();
		// This process's Node, telling start.mjs it is the Node 20 the machines here carry.
		const oldNode = "data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})";
		const run = spawnSync(process.execPath, ["--import", oldNode, "server/start.mjs"], {
			cwd: checkout,
			env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
			encoding: "utf8",
			timeout: 30_000,
		});
		expect(run.status).toBe(1);
		expect(run.stderr).toContain("Portico needs Node.js >=22.14 (24 LTS recommended); this is Node.js 20.20.2");
		expect(run.stdout).not.toContain("Building");
		expect(existsSync(join(checkout, "server/dist"))).toBe(false);
	});
});
