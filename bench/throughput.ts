import { runLoad } from "./load.ts";
import { cpuSeconds, median, peakRssMegabytes } from "./stats.ts";

/** One URL under load, served by a process of its own (so its CPU and peak RSS are its own). */
export type Target = {
	name: string;
	url: string;
	headers?: Record<string, string>;
	pid: number;
	/** The CPU seconds that serving costs so far, when more than `pid` serves (a database, instances behind a proxy). */
	cpuSeconds?: () => number;
};

/** A target's figures over the rounds: one entry per round, then the medians. */
export type TargetFigures = {
	name: string;
	requestsPerSecond: number[];
	/** CPU time of the serving process per answered request, in microseconds. */
	cpuMicrosPerRequest: number[];
	p50: number[];
	p99: number[];
	errors: number;
	/** The serving process's highest resident memory so far (VmHWM), in MB. */
	peakRssMb: number;
	median: { requestsPerSecond: number; cpuMicrosPerRequest: number; p50: number; p99: number };
};

/**
 * Each target for `seconds`, one after the other, `rounds` times over: the machine's
 * drift (other work on the shared cores) then spreads over all targets instead of
 * landing on one, and the medians are compared. A short warm-up first lets the JIT settle.
 */
export async function measureRounds(
	targets: Target[],
	{ rounds, seconds, warmupSeconds }: { rounds: number; seconds: number; warmupSeconds: number },
	progress: (line: string) => void = () => {},
): Promise<TargetFigures[]> {
	for (const target of targets) await runLoad({ ...target, seconds: warmupSeconds });
	const figures = targets.map(
		(target): TargetFigures => ({
			name: target.name,
			requestsPerSecond: [],
			cpuMicrosPerRequest: [],
			p50: [],
			p99: [],
			errors: 0,
			peakRssMb: 0,
			median: { requestsPerSecond: 0, cpuMicrosPerRequest: 0, p50: 0, p99: 0 },
		}),
	);
	for (let round = 1; round <= rounds; round++) {
		for (const [i, target] of targets.entries()) {
			const entry = figures[i] as TargetFigures;
			const cpuNow = target.cpuSeconds ?? (() => cpuSeconds(target.pid));
			const cpuBefore = cpuNow();
			const result = await runLoad({ ...target, seconds });
			const cpu = cpuNow() - cpuBefore;
			entry.requestsPerSecond.push(result.requestsPerSecond);
			entry.cpuMicrosPerRequest.push((cpu * 1e6) / Math.max(result.requests, 1));
			entry.p50.push(result.p50);
			entry.p99.push(result.p99);
			entry.errors += result.errors;
			progress(`round ${round}/${rounds} ${target.name}: ${Math.round(result.requestsPerSecond)} req/s`);
		}
	}
	for (const [i, target] of targets.entries()) {
		const entry = figures[i] as TargetFigures;
		entry.peakRssMb = peakRssMegabytes(target.pid);
		entry.median = {
			requestsPerSecond: median(entry.requestsPerSecond),
			cpuMicrosPerRequest: median(entry.cpuMicrosPerRequest),
			p50: median(entry.p50),
			p99: median(entry.p99),
		};
	}
	return figures;
}
