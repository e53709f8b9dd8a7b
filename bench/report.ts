import type { TargetFigures } from "./throughput.ts";

/** A bar: what is measured, the figure, and the comparison it must pass. */
export type Bar = [name: string, value: number, op: "<" | "<=" | ">=", limit: number];

export const holds = ([, value, op, limit]: Bar) =>
	op === "<" ? value < limit : op === "<=" ? value <= limit : value >= limit;

const thousands = (value: number) => Math.round(value).toLocaleString("en-US");
const range = (values: number[], format: (value: number) => string) =>
	`${format(Math.min(...values))}-${format(Math.max(...values))}`;

const percent = (value: number, of: number) => `${((100 * value) / of).toFixed(1)}%`;

/**
 * The issue's table: medians over the rounds, with the range of req/s, ratios to the
 * first target (bare Fastify). `alsoAgainst` adds a second ratio to a row, as
 * `[row, reference row, what the reference is called]`.
 */
export function printTargets(
	figures: TargetFigures[],
	say: (line: string) => void,
	alsoAgainst: [row: string, reference: string, called: string][] = [],
): void {
	const bare = figures[0]?.median.requestsPerSecond ?? Number.NaN;
	const byName = new Map(figures.map((f) => [f.name, f]));
	say("| path | req/s (median, range) | of bare Fastify | CPU per request | p99 | peak RSS |");
	say("|---|---:|---:|---:|---:|---:|");
	for (const f of figures) {
		const { requestsPerSecond, cpuMicrosPerRequest, p99 } = f.median;
		const [, referenceName, called] = alsoAgainst.find(([row]) => row === f.name) ?? [];
		const reference = referenceName === undefined ? undefined : byName.get(referenceName);
		const also = reference ? ` (${percent(requestsPerSecond, reference.median.requestsPerSecond)} of ${called})` : "";
		say(
			`| ${f.name} | ${thousands(requestsPerSecond)} (${range(f.requestsPerSecond, thousands)}) | ${percent(requestsPerSecond, bare)}${also} | ${cpuMicrosPerRequest.toFixed(0)} µs | ${p99.toFixed(1)} ms | ${f.peakRssMb.toFixed(0)} MB |`,
		);
	}
}

export function printBars(bars: Bar[], say: (line: string) => void): void {
	say(`${"bar".padEnd(64)} ${"measured".padStart(9)}   limit`);
	for (const bar of bars) {
		const [name, value, op, limit] = bar;
		say(
			`${name.padEnd(64)} ${value.toFixed(2).padStart(9)}   ${`${op} ${limit}`.padEnd(7)} ${holds(bar) ? "PASS" : "FAIL"}`,
		);
	}
}

/** A row of a two-column comparison: what, the two figures, and how many decimals. */
export type Compared = [what: string, first: number, second: number, digits: number];

/** Two columns side by side and their ratio (second / first), as a Markdown table. */
export function printCompared(
	[first, second]: [string, string],
	rows: Compared[],
	say: (line: string) => void,
	heading = "",
): void {
	say(`| ${heading} | ${first} | ${second} | ${second} / ${first} |`);
	say("|---|---:|---:|---:|");
	const format = (value: number, digits: number) => (digits === 0 ? thousands(value) : value.toFixed(digits));
	for (const [what, a, b, digits] of rows)
		say(`| ${what} | ${format(a, digits)} | ${format(b, digits)} | ${a > 0 ? (b / a).toFixed(2) : "n/a"} |`);
}
