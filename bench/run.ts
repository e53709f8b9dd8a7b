/**
 * `npm run bench [-- --quick]`: the speed bars (docs/guides/speed.md), measured in one run
 * against the real server bundle and its baselines on the same machine, reported as ratios:
 * Portico on SQLite and on PostgreSQL side by side, then one and two instances on the same
 * PostgreSQL behind a round-robin proxy. The machine's cores are shared with the load
 * generator (and, here, with others' work): absolute figures swing from run to run, the
 * ratios within one run are what the bars hold. `--quick` (or BENCH_QUICK=1): every step
 * once and short, over 10,000 users, to see that the bench runs, not to measure.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { clientDistDir } from "../server/paths.ts";
import { launchChromium, loginOnFast3G } from "./fast3g.ts";
import { loadTool, runLoad, wrkInstallHint } from "./load.ts";
import { alternatingStorms, argon2Capacity, login, loginStorm } from "./logins.ts";
import { clusterCpuSeconds, startBenchPostgres } from "./postgres.ts";
import { bundle, freePort, startNode, stop, waitForOk } from "./processes.ts";
import { type Bar, type Compared, printBars, printCompared, printTargets } from "./report.ts";
import { measureSearch } from "./search.ts";
import { seedUsers } from "./seed.ts";
import { cpuSeconds, rssMegabytes } from "./stats.ts";
import { measureRounds, type Target } from "./throughput.ts";
import { tokenTarget } from "./token-target.ts";
import { measureTwoInstances } from "./two-instances.ts";

const PASSWORD = "bench-password-123";
const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";
const setting = (name: string, full: number, quick: number) => Number(process.env[name] ?? (QUICK ? quick : full));
const SEEDED = setting("BENCH_USERS", 100_000, 10_000);
/** Seconds per load run, and how many rounds alternate over the targets. */
const SECONDS = setting("BENCH_SECONDS", 6, 1);
const ROUNDS = setting("BENCH_ROUNDS", 5, 1);
const WARMUP_SECONDS = QUICK ? 1 : 2;
/** Seconds per run of the one-client latency figures (admin list, search) and of argon2 alone. */
const SHORT_SECONDS = setting("BENCH_SHORT_SECONDS", 3, 1);
/** Seconds of a login storm: users/me asked 50 times a second beside it, so its p99 rests on 500 answers. */
const STORM_SECONDS = setting("BENCH_STORM_SECONDS", 10, 2);
/** Storms per engine (and per instance count), alternating. */
const STORM_ROUNDS = setting("BENCH_STORM_ROUNDS", 3, 1);
/** One key for every PostgreSQL instance, as instances sharing a database must share it. */
const SECRET_KEY = "0b".repeat(32);

const say = (line: string) => console.log(line);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
	const benchStarted = performance.now();
	if (loadTool !== "wrk")
		say(`wrk is not installed: measuring with autocannon, which flatters the app.\n  ${wrkInstallHint}`);
	if (QUICK) say("--quick: every step once and short; the figures are not measurements.");
	const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
	const databasePath = join(dataDir, "app.db");
	say(`seeding ${SEEDED} users into SQLite and into a throwaway PostgreSQL cluster...`);
	const [postgresStart, sqliteSeed] = await Promise.allSettled([
		startBenchPostgres(SEEDED, PASSWORD),
		seedUsers(databasePath, SEEDED, PASSWORD),
	]);
	if (postgresStart.status === "rejected" || sqliteSeed.status === "rejected") {
		if (postgresStart.status === "fulfilled") await postgresStart.value.stop();
		rmSync(dataDir, { recursive: true, force: true });
		throw postgresStart.status === "rejected" ? postgresStart.reason : (sqliteSeed as PromiseRejectedResult).reason;
	}
	const postgres = postgresStart.value;
	const clusterCpu = () => clusterCpuSeconds(postgres.postmasterPid);

	// The same bundle `npm start` runs; the baselines bundled the same way.
	execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });
	const servers = {
		bare: bundle("bench/servers/bare.ts"),
		peer: bundle("bench/servers/sqlite-peer.ts"),
		ceiling: bundle("bench/servers/trpc-ceiling.ts"),
		proxy: bundle("bench/servers/round-robin-proxy.ts"),
	};
	const ports = { rest: 0, trpc: 0, pg: 0, pg2: 0, bare: 0, headers: 0, peer: 0, ceiling: 0 };
	for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
	const url = (name: keyof typeof ports, path: string) => `http://127.0.0.1:${ports[name]}${path}`;
	const appEnv = (port: number) => ({
		DATA_DIR: dataDir,
		PORT: String(port),
		LOG_LEVEL: "warn",
		TRUST_PROXY: "1",
		FIRST_SUPERUSER_PASSWORD: PASSWORD,
	});
	/** An instance on the bench's PostgreSQL: a data folder of its own (media, nothing shared), the shared key. */
	const pgEnv = (port: number) => ({
		...appEnv(port),
		DATA_DIR: mkdtempSync(join(dataDir, "pg-instance-")),
		DATABASE_URL: postgres.url,
		SECRET_KEY,
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
		const pgStarted = performance.now();
		const pgApp = startNode("server/dist/main.mjs", pgEnv(ports.pg));
		children.push(pgApp);
		const pgColdStartMs = await waitForOk(url("pg", "/api/v1/utils/health-check/"), pgStarted);
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
		const pgAsUser = { authorization: `Bearer ${await login(url("pg", ""), "seed-1@example.com", PASSWORD)}` };
		const pgAsAdmin = { authorization: `Bearer ${await login(url("pg", ""), "admin@example.com", PASSWORD)}` };
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
				name: "Portico REST users/me on PostgreSQL (CPU: app + cluster)",
				url: url("pg", "/api/v1/users/me"),
				headers: pgAsUser,
				pid: pgApp.pid as number,
				cpuSeconds: () => cpuSeconds(pgApp.pid as number) + clusterCpu(),
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
			// Last, so the figures above keep their places.
			await tokenTarget(url("rest", ""), userToken, app.pid as number),
		];
		say(`measuring with ${loadTool}: ${targets.length} targets, ${ROUNDS} alternating rounds of ${SECONDS} s...`);
		const figures = await measureRounds(
			targets,
			{ rounds: ROUNDS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS },
			say,
		);
		const [bareFig, headersFig, , restFig, pgFig, trpcFig, ceilingFig, tokenFig] = figures;
		if (!bareFig || !headersFig || !restFig || !pgFig || !trpcFig || !ceilingFig || !tokenFig)
			throw new Error("a target has no figures");
		// The baselines have done their part (the peer's logins are still to come); the rest of the run has the cores to itself.
		await Promise.all([bare, withHeaders, ceiling, trpcApp].map(stop));

		say(
			"measuring: argon2id alone, then logins with users/me latency beside them: the peer's, then Portico's on each engine...",
		);
		const stormLogin = { email: "seed-2@example.com", password: PASSWORD };
		const argon2PerSecond = await argon2Capacity(PASSWORD, SHORT_SECONDS + 1);
		const peerStorm = await loginStorm(
			{ login: url("peer", "/login/access-token"), me: url("peer", "/users/me") },
			stormLogin,
			asUser,
			STORM_SECONDS,
		);
		await stop(peer);
		const [storm, pgStorm] = await alternatingStorms(
			[
				{ name: "SQLite", base: url("rest", ""), headers: asUser, cpuSeconds: () => cpuSeconds(app.pid as number) },
				{
					name: "PostgreSQL",
					base: url("pg", ""),
					headers: pgAsUser,
					cpuSeconds: () => cpuSeconds(pgApp.pid as number) + clusterCpu(),
				},
			],
			stormLogin,
			{ rounds: STORM_ROUNDS, seconds: STORM_SECONDS },
			say,
		);
		if (!storm || !pgStorm) throw new Error("a storm has no figures");

		say(`measuring: admin list and search over ${SEEDED} users, on each engine in turn...`);
		const engines = [
			{ base: url("rest", ""), headers: asAdmin },
			{ base: url("pg", ""), headers: pgAsAdmin },
		];
		const lists: Record<"first" | "deep", number[]> = { first: [], deep: [] };
		for (const [page, skip] of [
			["first", 0],
			["deep", SEEDED - 10],
		] as const)
			for (const { base, headers } of engines) {
				const result = await runLoad({
					url: `${base}/api/v1/users/?skip=${skip}&limit=5`,
					headers,
					seconds: SHORT_SECONDS,
					connections: 1,
				});
				lists[page].push(result.p50);
			}
		const [search = [], pgSearch = []] = await measureSearch(engines, SHORT_SECONDS);

		let fast3g: Awaited<ReturnType<typeof loginOnFast3G>> | null = null;
		if (QUICK) say("--quick: the Fast 3G figure is skipped.");
		else if (existsSync(join(clientDistDir, "index.html"))) {
			say("measuring: /login on Fast 3G (3 cold loads)...");
			const browser = await launchChromium();
			try {
				fast3g = await loginOnFast3G(browser, url("rest", ""), 3);
			} finally {
				await browser.close();
			}
		} else say("client/dist is not built (npm run build): the Fast 3G figure is skipped.");

		say("measuring: one and two instances on PostgreSQL, each behind a round-robin proxy...");
		await stop(app);
		const pgApp2 = startNode("server/dist/main.mjs", pgEnv(ports.pg2));
		children.push(pgApp2);
		await waitForOk(url("pg2", "/api/v1/utils/health-check/"), performance.now());
		const instances = await measureTwoInstances({
			instances: [
				{ port: ports.pg, pid: pgApp.pid as number },
				{ port: ports.pg2, pid: pgApp2.pid as number },
			],
			proxyScript: servers.proxy,
			headers: pgAsUser,
			login: stormLogin,
			clusterCpuSeconds: clusterCpu,
			rounds: ROUNDS,
			seconds: SECONDS,
			warmupSeconds: WARMUP_SECONDS,
			stormRounds: STORM_ROUNDS,
			stormSeconds: STORM_SECONDS,
			say,
		});
		const [oneFig, twoFig] = instances.figures;
		const [oneStorm, twoStorm] = instances.storms;
		if (!oneFig || !twoFig || !oneStorm || !twoStorm) throw new Error("an instance count has no figures");

		const ratio = (a: number, b: number) => a / b;
		const listFirst = lists.first[0] as number;
		const pgListFirst = lists.first[1] as number;
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
			[
				"REST users/me with an access token: req/s of a session's",
				ratio(tokenFig.median.requestsPerSecond, restFig.median.requestsPerSecond),
				">=",
				0.9,
			],
			["tRPC users.me peak RSS / the stock adapter's", ratio(trpcFig.peakRssMb, ceilingFig.peakRssMb), "<=", 1.25],
			["logins/s of argon2id alone", ratio(storm.loginsPerSecond, argon2PerSecond), ">=", 0.9],
			["users/me p99 ms during the login storm", storm.meP99, "<", 50],
			[`admin list page 1 p50 ms (${SEEDED} users)`, listFirst, "<", 5],
			...search.map(([name, p50]): Bar => [`${name} p50 ms`, p50, "<", 50]),
			["cold start to first answer ms", coldStartMs, "<", 1000],
			["idle RSS MB", idleRssMb, "<", 150],
			...(fast3g ? [["/login usable on Fast 3G ms (median of 3)", fast3g.medianMs, "<", 3000] as Bar] : []),
			["PostgreSQL: logins/s of SQLite's", ratio(pgStorm.loginsPerSecond, storm.loginsPerSecond), ">=", 0.9],
			[`PostgreSQL: admin list page 1 p50 ms (${SEEDED} users)`, pgListFirst, "<", 15],
			...pgSearch.map(([name, p50]): Bar => [`PostgreSQL: ${name} p50 ms`, p50, "<", 50]),
		];
		say("");
		printTargets(figures, say, [[trpcFig.name, ceilingFig.name, "the stock adapter"]]);
		say("");
		const engineRows: Compared[] = [
			["REST users/me req/s", restFig.median.requestsPerSecond, pgFig.median.requestsPerSecond, 0],
			[
				"REST users/me CPU µs per request (PostgreSQL: app + cluster)",
				restFig.median.cpuMicrosPerRequest,
				pgFig.median.cpuMicrosPerRequest,
				0,
			],
			["REST users/me p99 ms", restFig.median.p99, pgFig.median.p99, 1],
			["logins/s under a storm", storm.loginsPerSecond, pgStorm.loginsPerSecond, 1],
			["CPU ms per login (app with argon2id + cluster)", storm.cpuMsPerLogin, pgStorm.cpuMsPerLogin, 2],
			["users/me p99 ms during the storm", storm.meP99, pgStorm.meP99, 1],
			["admin list page 1 p50 ms", listFirst, pgListFirst, 2],
			[`admin list skip=${SEEDED - 10} p50 ms`, lists.deep[0] as number, lists.deep[1] as number, 2],
			...search.map(([name, p50], i): Compared => [`${name} p50 ms`, p50, pgSearch[i]?.[1] ?? Number.NaN, 2]),
			["cold start to first answer ms", coldStartMs, pgColdStartMs, 0],
		];
		printCompared(["SQLite", "PostgreSQL"], engineRows, say, `median of ${ROUNDS} / ${STORM_ROUNDS} storms`);
		say("");
		printCompared(
			["one instance", "two instances"],
			[
				["users/me req/s", oneFig.median.requestsPerSecond, twoFig.median.requestsPerSecond, 0],
				["users/me p99 ms", oneFig.median.p99, twoFig.median.p99, 1],
				[
					"users/me CPU µs per request (proxy + instances + cluster)",
					oneFig.median.cpuMicrosPerRequest,
					twoFig.median.cpuMicrosPerRequest,
					0,
				],
				["logins/s under a storm", oneStorm.loginsPerSecond, twoStorm.loginsPerSecond, 1],
				["CPU ms per login (proxy + instances + cluster)", oneStorm.cpuMsPerLogin, twoStorm.cpuMsPerLogin, 2],
				["users/me p99 ms during the storm", oneStorm.meP99, twoStorm.meP99, 1],
			],
			say,
			"PostgreSQL, behind the proxy",
		);
		say(
			`(info) ${cpus().length} cores for the load generator, the proxy, the instances and PostgreSQL together: two instances can only show what a second process costs or buys on the same cores, not what a second machine would add.`,
		);
		say("");
		printBars(bars, say);
		say(
			`\n(info) REST users/me of bare Fastify + the security headers: ${(100 * ratio(restFig.median.requestsPerSecond, headersFig.median.requestsPerSecond)).toFixed(1)}%`,
		);
		say(
			`(info) logins/s: argon2id alone ${argon2PerSecond.toFixed(1)}, the plain peer ${peerStorm.loginsPerSecond.toFixed(1)} (${ratio(peerStorm.loginsPerSecond, argon2PerSecond).toFixed(2)} of argon2id alone), Portico ${storm.loginsPerSecond.toFixed(1)} (${ratio(storm.loginsPerSecond, peerStorm.loginsPerSecond).toFixed(2)} of the peer's)`,
		);
		if (fast3g)
			say(`(info) Fast 3G ${fast3g.minMs}-${fast3g.maxMs} ms, ${fast3g.loads[0]?.transferredKb.toFixed(0)} KB`);
		const errors =
			[...figures, ...instances.figures].reduce((sum, f) => sum + f.errors, 0) +
			[storm, pgStorm, oneStorm, twoStorm].reduce((sum, s) => sum + s.errors, 0) +
			peerStorm.loginErrors +
			peerStorm.meErrors;
		if (errors > 0) say(`WARNING: ${errors} failed answers during the run (see the JSON): figures are suspect.`);
		say(`bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
		mkdirSync("bench/results", { recursive: true });
		const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
		writeFileSync(
			file,
			JSON.stringify(
				{
					tool: loadTool,
					quick: QUICK,
					seeded: SEEDED,
					seconds: SECONDS,
					rounds: ROUNDS,
					stormRounds: STORM_ROUNDS,
					figures,
					bars,
					storms: { sqlite: storm, postgres: pgStorm },
					peerStorm,
					argon2PerSecond,
					lists,
					search: { sqlite: search, postgres: pgSearch },
					instances,
					fast3g,
				},
				null,
				2,
			),
		);
		say(`written: ${file}`);
	} finally {
		await Promise.all(children.map(stop));
		await postgres.stop();
		rmSync(dataDir, { recursive: true, force: true });
	}
}

await main();
