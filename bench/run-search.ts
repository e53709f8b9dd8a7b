/**
 * `npx tsx bench/run-search.ts`: only the admin search figures of `npm run bench`, over the
 * same 100,000 seeded users and the same server bundle, in about a minute.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startNode, stop, waitForOk } from "./processes.ts";
import { measureSearch } from "./search.ts";
import { seedUsers } from "./seed.ts";

const PASSWORD = "bench-password-123";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-search-"));
console.log("seeding 100000 users...");
await seedUsers(join(dataDir, "app.db"), 100_000, PASSWORD);
execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = startNode("server/dist/main.mjs", {
	DATA_DIR: dataDir,
	PORT: String(port),
	LOG_LEVEL: "warn",
	FIRST_SUPERUSER_PASSWORD: PASSWORD,
});
try {
	await waitForOk(`${base}/api/v1/utils/health-check/`, performance.now());
	const response = await fetch(`${base}/api/v1/login/access-token`, {
		method: "POST",
		headers: { "content-type": "application/x-www-form-urlencoded" },
		body: new URLSearchParams({ username: "admin@example.com", password: PASSWORD }),
	});
	const { access_token } = (await response.json()) as { access_token: string };
	const [figures = []] = await measureSearch([{ base, headers: { authorization: `Bearer ${access_token}` } }], SECONDS);
	for (const [name, p50] of figures)
		console.log(`${name.padEnd(44)} p50 ${p50.toFixed(2).padStart(7)} ms   (bar < 50)`);
} finally {
	await stop(app);
	rmSync(dataDir, { recursive: true, force: true });
}
