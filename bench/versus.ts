/**
 * `npm run bench:versus -- [rev]`: this tree's server against the server of `rev` (default
 * `main`), in one run on the same machine: REST `GET /api/v1/users/me` under load and logins
 * under a storm, in alternating rounds, reported as ratios (this / rev). A change that
 * should not cost speed (a refactor, a new layer) shows here that it did not.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, loginStorm } from "./logins.ts";
import { bundle, freePort, startNode, stop, waitForOk } from "./processes.ts";
import { seedUsers } from "./seed.ts";
import { median } from "./stats.ts";
import { measureRounds } from "./throughput.ts";

const PASSWORD = "bench-password-123";
const USERS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 5);
const say = (line: string) => console.log(line);

/** `rev`'s server, bundled like `npm run build:server` from a temporary checkout of it. */
function bundleRevision(rev: string): string {
	const checkout = mkdtempSync(join(tmpdir(), "portico-versus-"));
	execFileSync("git", ["worktree", "add", "--detach", "--quiet", checkout, rev]);
	try {
		return bundle(join(checkout, "server", "main.ts"), join("bench", "dist", "versus-previous.mjs"));
	} finally {
		execFileSync("git", ["worktree", "remove", "--force", checkout]);
	}
}

async function startServer(script: string) {
	const dataDir = mkdtempSync(join(tmpdir(), "portico-versus-data-"));
	await seedUsers(join(dataDir, "app.db"), USERS, PASSWORD);
	const port = await freePort();
	const child = startNode(script, {
		DATA_DIR: dataDir,
		PORT: String(port),
		LOG_LEVEL: "warn",
		TRUST_PROXY: "1",
		FIRST_SUPERUSER_PASSWORD: PASSWORD,
	});
	const base = `http://127.0.0.1:${port}/api/v1`;
	await waitForOk(`${base}/utils/health-check/`, performance.now());
	const token = await login(base.replace(/\/api\/v1$/, ""), "seed-1@example.com", PASSWORD);
	return { child, base, dataDir, headers: { authorization: `Bearer ${token}` } };
}

async function main() {
	const rev = process.argv[2] ?? "main";
	execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });
	const servers = {
		this: await startServer("server/dist/main.mjs"),
		[rev]: await startServer(bundleRevision(rev)),
	};
	const names = Object.keys(servers);
	try {
		say(`users/me: ${ROUNDS} alternating rounds of ${SECONDS} s, this tree against ${rev}...`);
		const figures = await measureRounds(
			names.map((name) => {
				const server = servers[name] as Awaited<ReturnType<typeof startServer>>;
				return { name, url: `${server.base}/users/me`, headers: server.headers, pid: server.child.pid as number };
			}),
			{ rounds: ROUNDS, seconds: SECONDS, warmupSeconds: 2 },
		);
		const storms: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
		say(`logins: ${ROUNDS} alternating storms of ${STORM_SECONDS} s...`);
		for (let round = 0; round < ROUNDS; round++)
			for (const name of names) {
				const server = servers[name] as Awaited<ReturnType<typeof startServer>>;
				const storm = await loginStorm(
					{ login: `${server.base}/login/access-token`, me: `${server.base}/users/me` },
					{ email: "seed-2@example.com", password: PASSWORD },
					server.headers,
					STORM_SECONDS,
				);
				if (storm.loginErrors > 0) throw new Error(`${name}: ${storm.loginErrors} logins failed`);
				storms[name]?.push(storm.loginsPerSecond);
			}
		const [mine, theirs] = figures;
		if (!mine || !theirs) throw new Error("no figures");
		const loginsMine = median(storms.this ?? []);
		const loginsTheirs = median(storms[rev] ?? []);
		say("");
		say(`| median of ${ROUNDS} | this tree | ${rev} | this / ${rev} |`);
		say("|---|---:|---:|---:|");
		const row = (what: string, a: number, b: number, digits = 0) =>
			say(`| ${what} | ${a.toFixed(digits)} | ${b.toFixed(digits)} | ${(a / b).toFixed(3)} |`);
		row("users/me req/s", mine.median.requestsPerSecond, theirs.median.requestsPerSecond);
		row("users/me CPU µs per request", mine.median.cpuMicrosPerRequest, theirs.median.cpuMicrosPerRequest, 1);
		row("users/me p99 ms", mine.median.p99, theirs.median.p99, 2);
		row("logins/s under a storm", loginsMine, loginsTheirs, 1);
	} finally {
		for (const server of Object.values(servers)) {
			await stop(server.child);
			rmSync(server.dataDir, { recursive: true, force: true });
		}
	}
}

await main();
