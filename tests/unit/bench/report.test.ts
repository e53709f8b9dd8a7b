import { describe, expect, it } from "vitest";
import { printBars, printCompared } from "../../../bench/report.ts";

const lines = (print: (say: (line: string) => void) => void) => {
	const out: string[] = [];
	print((line) => out.push(line));
	return out;
};

describe("the bench's report", () => {
	it("says PASS or FAIL for each bar, by its comparison", () => {
		const out = lines((say) =>
			printBars(
				[
					["PostgreSQL: logins/s of SQLite's", 0.93, ">=", 0.9],
					["PostgreSQL: logins/s of SQLite's", 0.89, ">=", 0.9],
					["PostgreSQL: admin list page 1 p50 ms", 14.9, "<", 15],
					["PostgreSQL: admin list page 1 p50 ms", 15, "<", 15],
					["tRPC p99 / the stock adapter's", 1.25, "<=", 1.25],
				],
				say,
			),
		);
		expect(out.slice(1).map((line) => line.split(/\s+/).at(-1))).toEqual(["PASS", "FAIL", "PASS", "FAIL", "PASS"]);
	});

	it("puts two columns side by side with their ratio, and no ratio to a zero", () => {
		const out = lines((say) =>
			printCompared(
				["SQLite", "PostgreSQL"],
				[
					["REST users/me req/s", 20_000, 7_000, 0],
					["admin list page 1 p50 ms", 0, 6.5, 2],
				],
				say,
				"median of 5",
			),
		);
		expect(out).toEqual([
			"| median of 5 | SQLite | PostgreSQL | PostgreSQL / SQLite |",
			"|---|---:|---:|---:|",
			"| REST users/me req/s | 20,000 | 7,000 | 0.35 |",
			"| admin list page 1 p50 ms | 0.00 | 6.50 | n/a |",
		]);
	});
});
