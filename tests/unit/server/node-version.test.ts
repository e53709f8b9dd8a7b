import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { minimumOf, nodeTooOld } from "../../../server/node-version.mjs";
import { ROOT } from "../../helpers/process.ts";

// npm's own range reader, installed with sharp (one of its dependencies).
const semver = createRequire(import.meta.url)("semver") as { satisfies: (version: string, range: string) => boolean };

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
	packages: Record<string, { engines?: { node?: string }; os?: string[]; cpu?: string[] }>;
};

describe("the Node.js version npm start needs (server/node-version.mjs)", () => {
	it("accepts the minimum and anything newer, refuses anything older, naming both versions", () => {
		expect(nodeTooOld("22.13.0", ">=22.13")).toBeNull();
		expect(nodeTooOld("22.13.1", ">=22.13")).toBeNull();
		expect(nodeTooOld("24.0.0", ">=22.13")).toBeNull();
		expect(nodeTooOld("23.0.0", ">=22.13.5")).toBeNull();
		for (const old of ["22.12.9", "21.99.0", "20.20.2", "22.13.4"]) {
			const problem = nodeTooOld(old, ">=22.13.5");
			expect(problem, old).toContain("Portico needs Node.js >=22.13.5");
			expect(problem, old).toContain(`this is Node.js ${old}`);
		}
	});

	it("reads only a `>=MAJOR.MINOR[.PATCH]` range, and package.json's is one", () => {
		expect(minimumOf(">=22.13")).toEqual([22, 13, 0]);
		expect(minimumOf(">= 24")).toEqual([24, 0, 0]);
		for (const range of ["^22.13", "22.x || 24.x", ">=22 <25", "latest"]) expect(() => minimumOf(range)).toThrow();
		expect(() => minimumOf(pkg.engines.node)).not.toThrow();
	});

	it("claims no Node.js that a dependency installable on Linux x64 refuses (nor the one running this)", () => {
		const [major, minor, patch] = minimumOf(pkg.engines.node);
		const minimum = `${major}.${minor}.${patch}`;
		// npm's `os` and `cpu` lists: names to install on, or `!names` to skip.
		const installable = (list: string[] | undefined, here: string) => {
			if (list === undefined || list.includes(here)) return true;
			return !list.includes(`!${here}`) && list.every((entry) => entry.startsWith("!"));
		};
		const refusing = Object.entries(lock.packages)
			.filter(([, info]) => info.engines?.node && installable(info.os, "linux") && installable(info.cpu, "x64"))
			.flatMap(([path, info]) =>
				[minimum, process.versions.node]
					.filter((version) => !semver.satisfies(version, info.engines?.node ?? "*"))
					.map((version) => `${path} (${info.engines?.node}) refuses ${version}`),
			);
		expect(refusing).toEqual([]);
	});
});
