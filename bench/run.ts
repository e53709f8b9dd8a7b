/**
 * `npm run bench`: the speed bars (README, Speed), measured in one run against the real
 * server process and a bare Fastify baseline on the same machine, reported as ratios.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verify } from "@node-rs/argon2";
import autocannon, { type Result } from "autocannon";
import { hashPassword } from "../server/lib/passwords.ts";
import { freePort, rssMegabytes, startNode, stop, waitForOk } from "./processes.ts";
import { measureSearch } from "./search.ts";
import { seedUsers } from "./seed.ts";

const PASSWORD = "bench-password-123";
const SEEDED = 100_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

const load = (options: Parameters<typeof autocannon>[0]) =>
	autocannon({ connections: 10, duration: SECONDS, ...options });
const rps = (result: Result) => result.requests.average;
const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

async function login(base: string, email: string) {
	const response = await fetch(`${base}/api/v1/login/access-token`, {
		method: "POST",
		headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
		body: new URLSearchParams({ username: email, password: PASSWORD }),
	});
	if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
	return ((await response.json()) as { access_token: string }).access_token;
}

/** argon2id verifies per second with 4 in flight (the server's cap), in this process. */
async function argon2Capacity(): Promise<number> {
	const hash = await hashPassword(PASSWORD);
	let done = 0;
	const until = performance.now() + SECONDS * 1000;
	const worker = async () => {
		while (performance.now() < until) {
			await verify(hash, PASSWORD);
			done++;
		}
	};
	await Promise.all([worker(), worker(), worker(), worker()]);
	return done / SECONDS;
}

async function main() {
	const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
	console.log(`seeding ${SEEDED} users...`);
	await seedUsers(join(dataDir, "app.db"), SEEDED, PASSWORD);

	const [appPort, barePort] = [await freePort(), await freePort()];
	const base = `http://127.0.0.1:${appPort}`;
	// The same bundle `npm start` runs.
	execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });
	const started = performance.now();
	const app = startNode("server/dist/main.mjs", {
		DATA_DIR: dataDir,
		PORT: String(appPort),
		LOG_LEVEL: "warn",
		TRUST_PROXY: "1",
		FIRST_SUPERUSER_PASSWORD: PASSWORD,
	});
	let bare: ReturnType<typeof startNode> | undefined;
	try {
		const coldStartMs = await waitForOk(`${base}/api/v1/utils/health-check/`, started);
		// Started only now, so that it does not compete with the app's cold start.
		bare = startNode("bench/servers/bare.ts", { PORT: String(barePort) });
		await waitForOk(`http://127.0.0.1:${barePort}/users/me`, performance.now());
		await new Promise((resolve) => setTimeout(resolve, 1000));
		const idleRssMb = rssMegabytes(app.pid as number);

		const userToken = await login(base, "seed-1@example.com");
		const adminToken = await login(base, "admin@example.com");
		const asUser = { authorization: `Bearer ${userToken}` };

		// The load generator shares the 2 cores with the servers, so single runs swing widely:
		// interleave rounds and compare medians.
		console.log("measuring: bare baseline, REST users/me, tRPC users.me (3 interleaved rounds)...");
		const targets = {
			bare: { url: `http://127.0.0.1:${barePort}/users/me` },
			rest: { url: `${base}/api/v1/users/me`, headers: asUser },
			trpc: { url: `${base}/trpc/users.me`, headers: asUser },
		};
		for (const target of Object.values(targets)) await load({ ...target, duration: 1 });
		const rounds: Record<keyof typeof targets, number[]> = { bare: [], rest: [], trpc: [] };
		for (let round = 0; round < 3; round++) {
			for (const [name, target] of Object.entries(targets))
				rounds[name as keyof typeof targets].push(rps(await load(target)));
		}
		const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
		const [bareRps, restRps, trpcRps] = [median(rounds.bare), median(rounds.rest), median(rounds.trpc)];

		console.log("measuring: argon2id alone, then logins with users/me latency beside them...");
		const argon2PerSecond = await argon2Capacity();
		const loginBody = new URLSearchParams({ username: "seed-2@example.com", password: PASSWORD }).toString();
		const [loginResult, meDuringLogins] = await Promise.all([
			load({
				url: `${base}/api/v1/login/access-token`,
				connections: 8,
				requests: [
					{
						method: "POST",
						headers: { "content-type": "application/x-www-form-urlencoded" },
						body: loginBody,
						setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": randomIp() } }),
					},
				],
			}),
			load({ url: `${base}/api/v1/users/me`, headers: asUser, connections: 1, overallRate: 50 }),
		]);

		console.log(`measuring: admin list over ${SEEDED} users...`);
		const asAdmin = { authorization: `Bearer ${adminToken}` };
		const listFirst = await load({ url: `${base}/api/v1/users/?skip=0&limit=5`, headers: asAdmin, connections: 1 });
		const listDeep = await load({ url: `${base}/api/v1/users/?skip=99990&limit=5`, headers: asAdmin, connections: 1 });
		console.log(`measuring: admin search over ${SEEDED} users...`);
		const search = await measureSearch(load, base, asAdmin);

		const rows = [
			["REST users/me vs bare Fastify", restRps / bareRps, ">= 0.50"],
			["tRPC users.me vs REST", trpcRps / restRps, ">= 0.80"],
			["login/s vs argon2id alone", rps(loginResult) / argon2PerSecond, ">= 0.90"],
			["users/me p99 ms during logins", meDuringLogins.latency.p99, "< 50"],
			["admin list page 1 p50 ms (100k users)", listFirst.latency.p50, "< 5"],
			["admin list skip=99990 p50 ms", listDeep.latency.p50, "(info)"],
			...search.map(([name, p50]) => [`${name} p50 ms`, p50, "< 50"] as const),
			["cold start to first answer ms", coldStartMs, "< 1000"],
			["idle RSS MB", idleRssMb, "< 150"],
		] as const;
		const figures = {
			rounds,
			loginRps: rps(loginResult),
			argon2PerSecond,
			loginNon2xx: loginResult.non2xx,
		};
		console.log("\nfigure                                           value      bar");
		for (const [name, value, bar] of rows) console.log(`${name.padEnd(48)} ${value.toFixed(2).padStart(8)}   ${bar}`);
		console.log(`\n${JSON.stringify(figures)}`);
		mkdirSync("bench/results", { recursive: true });
		writeFileSync(
			`bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
			JSON.stringify({ rows, figures }, null, 2),
		);
	} finally {
		await Promise.all([stop(app), bare ? stop(bare) : undefined]);
		rmSync(dataDir, { recursive: true, force: true });
	}
}

await main();
