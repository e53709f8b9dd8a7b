// The Node.js release `npm start` needs, read from package.json's `engines.node`. Plain
// JavaScript with no imports but Node's own, so that an older Node can still load it and
// say what is wrong before anything else fails in a less clear way.
import { readFileSync } from "node:fs";

/** `">=22.13"` -> [22, 13, 0]; the only form of `engines.node` this check reads. */
export function minimumOf(range) {
	const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
	if (!match) throw new Error(`package.json engines.node must read ">=MAJOR.MINOR", not ${JSON.stringify(range)}`);
	return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** A message naming the Node.js needed, or null when `version` ("24.21.0") is recent enough. */
export function nodeTooOld(version, range) {
	const minimum = minimumOf(range);
	const actual = version.split(".").map(Number);
	for (let i = 0; i < 3; i++) {
		if ((actual[i] ?? 0) > minimum[i]) return null;
		if ((actual[i] ?? 0) < minimum[i]) {
			return (
				`Portico needs Node.js ${range} (24 LTS recommended); this is Node.js ${version}.\n` +
				"README.md, Requirements, shows how to install Node 24 without root."
			);
		}
	}
	return null;
}

/** Exits with that message when this Node is too old for the package.json at `packageJsonPath`. */
export function exitUnlessNodeIsRecent(packageJsonPath) {
	const range = JSON.parse(readFileSync(packageJsonPath, "utf8")).engines.node;
	const problem = nodeTooOld(process.versions.node, range);
	if (problem) {
		console.error(problem);
		process.exit(1);
	}
}
