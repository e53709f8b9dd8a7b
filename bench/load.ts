import { execFileSync, spawnSync } from "node:child_process";
import autocannon from "autocannon";

/** One load run's result, whichever tool made it. */
export type LoadResult = { requestsPerSecond: number; requests: number; p50: number; p99: number; errors: number };

export type LoadOptions = {
	url: string;
	headers?: Record<string, string>;
	seconds: number;
	connections?: number;
};

const hasWrk = (() => {
	try {
		execFileSync("wrk", ["--version"], { stdio: "ignore" });
		return true;
	} catch (error) {
		// wrk prints its version and exits 1: it is there when it ran at all.
		return (error as { status?: number }).status === 1;
	}
})();

/** Which load generator measures; wrk (C, one thread) saturates a server that autocannon (Node) cannot. */
export const loadTool = hasWrk ? "wrk" : "autocannon";
export const wrkInstallHint =
	"apt-get install -y wrk   # then run `npm run bench` again for the figures the bars assume";

/** wrk's latency like "1.23ms", "456.00us", "1.02s", in milliseconds. */
const toMs = (value: string) => {
	const match = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
	if (!match) return Number.NaN;
	const amount = Number(match[1]);
	return match[2] === "us" ? amount / 1000 : match[2] === "s" ? amount * 1000 : amount;
};

function runWrk({ url, headers = {}, seconds, connections = 50 }: LoadOptions): LoadResult {
	const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
	for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
	const out = spawnSync("wrk", [...args, url], { encoding: "utf8" }).stdout;
	const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
	const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
	const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
	return {
		requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
		requests: total,
		p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ""),
		p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ""),
		errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
	};
}

async function runAutocannon({ url, headers, seconds, connections = 50 }: LoadOptions): Promise<LoadResult> {
	const result = await autocannon({ url, headers, duration: seconds, connections });
	return {
		requestsPerSecond: result.requests.average,
		requests: result.requests.total,
		p50: result.latency.p50,
		p99: result.latency.p99,
		errors: result.non2xx + result.errors,
	};
}

/** Puts a fixed load on one URL for `seconds` and measures it. */
export const runLoad = (options: LoadOptions): Promise<LoadResult> =>
	hasWrk ? Promise.resolve(runWrk(options)) : runAutocannon(options);
