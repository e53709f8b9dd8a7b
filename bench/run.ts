/**
 * `npm run bench`: the speed bars (docs/guides/speed.md), measured in one run against the real
 * server bundle and its baselines on the same machine, reported as ratios. The machine's
 * cores are shared with the load generator (and, here, with others' work): absolute
 * figures swing from run to run, the ratios within one run are what the bars hold.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clientDistDir } from "../server/paths.ts";
import { launchChromium, loginOnFast3G } from "./fast3g.ts";
import { loadTool, runLoad, wrkInstallHint } from "./load.ts";
import { argon2Capacity, login, loginStorm } from "./logins.ts";
import { bundle, freePort, startNode, stop, waitForOk } from "./processes.ts";
import { type Bar, printBars, printTargets } from "./report.ts";
import { measureSearch } from "./search.ts";
import { seedUsers } from "./seed.ts";
import { rssMegabytes } from "./stats.ts";
import { measureRounds, type Target } from "./throughput.ts";

const PASSWORD = "bench-password-123";
const SEEDED = 100_000;
/** Seconds per load run, and how many rounds alternate over the targets. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Seconds per run of the one-client latency figures (admin list, search) and of argon2 alone. */
const SHORT_SECONDS = Number(process.env.BENCH_SHORT_SECONDS ?? 3);
/** Seconds of the login storm: users/me asked 50 times a second beside it, so its p99 rests on 500 answers. */
const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 10);

const say = (line: string) => console.log(line);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
	const benchStarted = performance.now();
	if (loadTool !== "wrk")
		say(`wrk is not installed: measuring with autocannon, which flatters the app.\n  ${wrkInstallHint}`);
	const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
	const databasePath = join(dataDir, "app.db");
	say(`seeding ${SEEDED} users...`);
	await seedUsers(databasePath, SEEDED, PASSWORD);

	// The same bundle `npm start` runs; the baselines bundled the same way.
	execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });
	const servers = {
		bare: bundle("bench/servers/bare.ts"),
		peer: bundle("bench/servers/sqlite-peer.ts"),
		ceiling: bundle("bench/servers/trpc-ceiling.ts"),
	};
	const ports = { rest: 0, trpc: 0, bare: 0, headers: 0, peer: 0, ceiling: 0 };
	for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
	const url = (name: keyof typeof ports, path: string) => `http://127.0.0.1:${ports[name]}${path}`;
	const appEnv = (port: number) => ({
		DATA_DIR: dataDir,
		PORT: String(port),
		LOG_LEVEL: "warn",
		TRUST_PROXY: "1",
		FIRST_SUPERUSER_PASSWORD: PASSWORD,
	});

	const started = performance.now();
	const app = startNode("server/dist/main.mjs", appEnv(ports.rest));
	const children = [app];
	try {
		const coldStartMs = await waitForOk(url("rest", "/api/v1/utils/health-check/"), started);
		await pause(1000);
		const idleRssMb = rssMegabytes(app.pid as number);
		// Each target gets a process of its own, so that its CPU and peak memory are its own;
		// the tRPC one is a second app over the same database. Started only now, so that none
		// competes with the app's cold start.
		const trpcApp = startNode("server/dist/main.mjs", appEnv(ports.trpc));
		const bare = startNode(servers.bare, { PORT: String(ports.bare) });
		const withHeaders = startNode(servers.bare, { PORT: String(ports.headers), SECURITY_HEADERS: "1" });
		const peer = startNode(servers.peer, {
			PORT: String(ports.peer),
			DATABASE_PATH: databasePath,
			PEER_SESSIONS_PATH: join(dataDir, "peer-sessions.db"),
		});
		const ceiling = startNode(servers.ceiling, { PORT: String(ports.ceiling) });
		children.push(trpcApp, bare, withHeaders, peer, ceiling);
		await waitForOk(url("trpc", "/api/v1/utils/health-check/"), performance.now());
		await waitForOk(url("bare", "/users/me"), performance.now());
		await waitForOk(url("headers", "/users/me"), performance.now());
		await waitForOk(url("ceiling", "/trpc/users.me"), performance.now());

		const userToken = await login(url("rest", ""), "seed-1@example.com", PASSWORD);
		const adminToken = await login(url("rest", ""), "admin@example.com", PASSWORD);
		const asUser = { authorization: `Bearer ${userToken}` };
		const asAdmin = { authorization: `Bearer ${adminToken}` };
		await waitForOk(url("peer", "/users/me"), performance.now(), 15_000, asUser);

		const targets: Target[] = [
			{ name: "bare Fastify, fixed JSON", url: url("bare", "/users/me"), pid: bare.pid as number },
			{
				name: "bare Fastify + Portico's security headers",
				url: url("headers", "/users/me"),
				pid: withHeaders.pid as number,
			},
			{
				name: "plain Fastify + SQLite session join",
				url: url("peer", "/users/me"),
				headers: asUser,
				pid: peer.pid as number,
			},
			{
				name: "Portico REST GET /api/v1/users/me",
				url: url("rest", "/api/v1/users/me"),
				headers: asUser,
				pid: app.pid as number,
			},
			{
				name: "Portico tRPC users.me",
				url: url("trpc", "/trpc/users.me"),
				headers: asUser,
				pid: trpcApp.pid as number,
			},
			{
				name: "tRPC's Fastify adapter alone, constant",
				url: url("ceiling", "/trpc/users.me"),
				pid: ceiling.pid as number,
			},
		];
		say(`measuring with ${loadTool}: ${targets.length} targets, ${ROUNDS} alternating rounds of ${SECONDS} s...`);
		const figures = await measureRounds(targets, { rounds: ROUNDS, seconds: SECONDS, warmupSeconds: 2 }, say);
		const [bareFig, headersFig, , restFig, trpcFig, ceilingFig] = figures;
		if (!bareFig || !headersFig || !restFig || !trpcFig || !ceilingFig) throw new Error("a target has no figures");
		// The baselines have done their part (the peer's logins are still to come); the rest of the run has the cores to itself.
		await Promise.all([bare, withHeaders, ceiling, trpcApp].map(stop));

		say("measuring: argon2id alone, then logins with users/me latency beside them, the peer's then Portico's...");
		const stormLogin = { email: "seed-2@example.com", password: PASSWORD };
		const argon2PerSecond = await argon2Capacity(PASSWORD, SHORT_SECONDS + 1);
		const peerStorm = await loginStorm(
			{ login: url("peer", "/login/access-token"), me: url("peer", "/users/me") },
			stormLogin,
			asUser,
			STORM_SECONDS,
		);
		await stop(peer);
		const storm = await loginStorm(
			{ login: url("rest", "/api/v1/login/access-token"), me: url("rest", "/api/v1/users/me") },
			stormLogin,
			asUser,
			STORM_SECONDS,
		);

		say(`measuring: admin list and search over ${SEEDED} users...`);
		const one = { headers: asAdmin, seconds: SHORT_SECONDS, connections: 1 };
		const listFirst = await runLoad({ ...one, url: url("rest", "/api/v1/users/?skip=0&limit=5") });
		const listDeep = await runLoad({ ...one, url: url("rest", `/api/v1/users/?skip=${SEEDED - 10}&limit=5`) });
		const search = await measureSearch(url("rest", ""), asAdmin, SHORT_SECONDS);

		let fast3g: Awaited<ReturnType<typeof loginOnFast3G>> | null = null;
		if (existsSync(join(clientDistDir, "index.html"))) {
			say("measuring: /login on Fast 3G (3 cold loads)...");
			const browser = await launchChromium();
			try {
				fast3g = await loginOnFast3G(browser, url("rest", ""), 3);
			} finally {
				await browser.close();
			}
		} else say("client/dist is not built (npm run build): the Fast 3G figure is skipped.");

		const ratio = (a: number, b: number) => a / b;
		const bars: Bar[] = [
			[
				"REST users/me req/s of bare Fastify",
				ratio(restFig.median.requestsPerSecond, bareFig.median.requestsPerSecond),
				">=",
				0.8,
			],
			[
				"tRPC users.me req/s of the stock adapter's",
				ratio(trpcFig.median.requestsPerSecond, ceilingFig.median.requestsPerSecond),
				">=",
				0.8,
			],
			["tRPC users.me p99 / the stock adapter's", ratio(trpcFig.median.p99, ceilingFig.median.p99), "<=", 1.25],
			["tRPC users.me peak RSS / the stock adapter's", ratio(trpcFig.peakRssMb, ceilingFig.peakRssMb), "<=", 1.25],
			["logins/s of argon2id alone", ratio(storm.loginsPerSecond, argon2PerSecond), ">=", 0.9],
			["users/me p99 ms during the login storm", storm.meP99, "<", 50],
			["admin list page 1 p50 ms (100k users)", listFirst.p50, "<", 5],
			...search.map(([name, p50]): Bar => [`${name} p50 ms`, p50, "<", 50]),
			["cold start to first answer ms", coldStartMs, "<", 1000],
			["idle RSS MB", idleRssMb, "<", 150],
			...(fast3g ? [["/login usable on Fast 3G ms (median of 3)", fast3g.medianMs, "<", 3000] as Bar] : []),
		];
		say("");
		printTargets(figures, say, [[trpcFig.name, ceilingFig.name, "the stock adapter"]]);
		say("");
		printBars(bars, say);
		say(
			`\n(info) REST users/me of bare Fastify + the security headers: ${(100 * ratio(restFig.median.requestsPerSecond, headersFig.median.requestsPerSecond)).toFixed(1)}%`,
		);
		say(
			`(info) logins/s: argon2id alone ${argon2PerSecond.toFixed(1)}, the plain peer ${peerStorm.loginsPerSecond.toFixed(1)} (${ratio(peerStorm.loginsPerSecond, argon2PerSecond).toFixed(2)} of argon2id alone), Portico ${storm.loginsPerSecond.toFixed(1)} (${ratio(storm.loginsPerSecond, peerStorm.loginsPerSecond).toFixed(2)} of the peer's)`,
		);
		say(
			`(info) admin list skip=${SEEDED - 10} p50 ${listDeep.p50.toFixed(2)} ms${fast3g ? `; Fast 3G ${fast3g.minMs}-${fast3g.maxMs} ms, ${fast3g.loads[0]?.transferredKb.toFixed(0)} KB` : ""}`,
		);
		const errors =
			figures.reduce((sum, f) => sum + f.errors, 0) +
			storm.loginErrors +
			storm.meErrors +
			peerStorm.loginErrors +
			peerStorm.meErrors;
		if (errors > 0) say(`WARNING: ${errors} failed answers during the run (see the JSON): figures are suspect.`);
		say(`bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
		mkdirSync("bench/results", { recursive: true });
		const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
		writeFileSync(
			file,
			JSON.stringify(
				{ tool: loadTool, seconds: SECONDS, rounds: ROUNDS, figures, bars, storm, peerStorm, argon2PerSecond, fast3g },
				null,
				2,
			),
		);
		say(`written: ${file}`);
	} finally {
		await Promise.all(children.map(stop));
		rmSync(dataDir, { recursive: true, force: true });
	}
}

await main();
