/**
 * `npx tsx bench/profile.ts [rest|trpc|ceiling|bare] [seconds]`: where the server's CPU
 * goes on one authenticated path. Starts the server bundle under `node --cpu-prof`, loads
 * `GET /api/v1/users/me` (rest) or `users.me` (trpc) with the bench's load generator (or
 * one of the baselines of bench/servers, for comparison),
 * stops it, and prints the profile: self time by area (our code, each package, Node's
 * internals, GC) and the functions with the most self and total time. The raw
 * .cpuprofile stays in bench/results/ for Chrome's DevTools.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLoad } from "./load.ts";
import { login } from "./logins.ts";
import { bundle, freePort, stop, waitForOk } from "./processes.ts";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const PASSWORD = "profile-password-123";

/** The area a function belongs to: a package, our code, Node itself, or V8's bookkeeping. */
function areaOf({ url, functionName }: CallFrame): string {
	if (!url) return functionName.startsWith("(") ? functionName : "(native)";
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
	if (pkg) return pkg[1] as string;
	if (url.startsWith("node:")) return "node internals";
	if (url.includes("server/dist/")) return "portico";
	return url;
}

const label = ({ functionName, url, lineNumber }: CallFrame) =>
	`${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*server\/dist\//, "")}:${lineNumber + 1}`;

/** `skipMs`: the samples of the first milliseconds (start-up, warm-up) are left out. */
export function summarise(profile: CpuProfile, skipMs: number, top = 25): string[] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const self = new Map<string, number>();
	const total = new Map<string, number>();
	const areas = new Map<string, number>();
	let all = 0;
	let elapsed = 0;
	for (const [i, id] of profile.samples.entries()) {
		const weight = profile.timeDeltas[i] ?? 0;
		elapsed += weight;
		const node = byId.get(id);
		if (elapsed < skipMs * 1000 || !node || node.callFrame.functionName === "(idle)") continue;
		all += weight;
		const name = label(node.callFrame);
		self.set(name, (self.get(name) ?? 0) + weight);
		const area = areaOf(node.callFrame);
		areas.set(area, (areas.get(area) ?? 0) + weight);
		const seen = new Set<string>();
		for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
			const frame = byId.get(at)?.callFrame;
			if (!frame) break;
			const key = label(frame);
			if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + weight);
			seen.add(key);
		}
	}
	const pct = (value: number) => `${((100 * value) / all).toFixed(1).padStart(5)}%`;
	const ranked = (map: Map<string, number>, n: number) =>
		[...map.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, n)
			.map(([name, value]) => `  ${pct(value)}  ${name}`);
	return [
		`busy time sampled: ${(all / 1e6).toFixed(2)} s`,
		"self time by area:",
		...ranked(areas, 15),
		"self time by function:",
		...ranked(self, top),
		"total time by function (ours and the frameworks', excluding the event loop's own frames):",
		...ranked(
			new Map(
				[...total].filter(([name]) => !/^\((root|program)\)|^processTicksAndRejections|^listOnTimeout/.test(name)),
			),
			top,
		),
	];
}

async function main() {
	const path = (["trpc", "ceiling", "bare"] as const).find((name) => name === process.argv[2]) ?? "rest";
	// The baselines (bench/servers), profiled the same way, for comparison.
	const script =
		path === "ceiling"
			? bundle("bench/servers/trpc-ceiling.ts")
			: path === "bare"
				? bundle("bench/servers/bare.ts")
				: "server/dist/main.mjs";
	const seconds = Number(process.argv[3] ?? 10);
	const dataDir = mkdtempSync(join(tmpdir(), "portico-profile-"));
	const profileDir = join(dataDir, "profile");
	execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const spawnedAt = performance.now();
	let measuredFrom = 0;
	const server = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, script], {
		env: {
			...process.env,
			DATA_DIR: dataDir,
			PORT: String(port),
			LOG_LEVEL: "warn",
			FIRST_SUPERUSER_PASSWORD: PASSWORD,
		},
		stdio: ["ignore", "ignore", "inherit"],
	});
	try {
		const url = {
			rest: `${base}/api/v1/users/me`,
			trpc: `${base}/trpc/users.me`,
			ceiling: `${base}/trpc/users.me`,
			bare: `${base}/users/me`,
		}[path];
		let headers = {};
		if (path === "rest" || path === "trpc") {
			await waitForOk(`${base}/api/v1/utils/health-check/`, performance.now());
			headers = { authorization: `Bearer ${await login(base, "admin@example.com", PASSWORD)}` };
		} else await waitForOk(url, performance.now());
		await runLoad({ url, headers, seconds: 2 });
		measuredFrom = performance.now() - spawnedAt;
		const result = await runLoad({ url, headers, seconds });
		console.log(
			`${path}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, ${result.errors} errors`,
		);
	} finally {
		await stop(server);
	}
	const [file] = readdirSync(profileDir);
	if (!file) throw new Error("no profile written");
	mkdirSync("bench/results", { recursive: true });
	const kept = `bench/results/profile-${path}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`;
	renameSync(join(profileDir, file), kept);
	rmSync(dataDir, { recursive: true, force: true });
	for (const line of summarise(JSON.parse(readFileSync(kept, "utf8")) as CpuProfile, measuredFrom)) console.log(line);
	console.log(`profile: ${kept}`);
}

await main();
