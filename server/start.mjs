// `npm start`. Plain Node on purpose: it must run where only production dependencies
// are installed. On a checkout it first builds what is missing or older than its sources
// (the server bundle with esbuild, the client with Vite), then runs the bundle in this
// process. Where the sources or the build tools are absent, it builds nothing.
// First of all, it refuses a Node.js older than package.json's `engines.node`, by name.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { exitUnlessNodeIsRecent } from "./node-version.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const at = (path) => join(root, path);

exitUnlessNodeIsRecent(at("package.json"));

const builds = [
	{
		name: "the server bundle",
		output: "server/dist/main.mjs",
		sources: ["server", "shared", "scripts/build-server.mjs", "package.json"],
		tool: "node_modules/.bin/esbuild",
		script: "build:server",
		required: true,
	},
	{
		name: "the client",
		output: "client/dist/index.html",
		sources: ["client", "shared", "package.json", "package-lock.json"],
		tool: "node_modules/.bin/vite",
		script: "build",
		// Without it the API still serves; only the web pages are missing.
		required: false,
	},
];

/** The newest modification time under `path`, skipping build outputs and dependencies. */
function newestChange(path) {
	const stats = statSync(path);
	if (!stats.isDirectory()) return stats.mtimeMs;
	let newest = 0;
	for (const entry of readdirSync(path)) {
		if (entry === "dist" || entry === "node_modules") continue;
		newest = Math.max(newest, newestChange(join(path, entry)));
	}
	return newest;
}

for (const build of builds) {
	const output = at(build.output);
	const sources = build.sources.map(at).filter((path) => existsSync(path));
	const canBuild = sources.length > 0 && existsSync(at(build.tool));
	const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
	if (canBuild && sources.some((path) => newestChange(path) > builtAt)) {
		console.log(`Building ${build.name} (npm run ${build.script})...`);
		execFileSync("npm", ["run", "--silent", build.script], { cwd: root, stdio: "inherit" });
	} else if (builtAt === 0) {
		const message = `${build.output} is missing and cannot be built here: run \`npm install && npm run ${build.script}\``;
		if (build.required) {
			console.error(message);
			process.exit(1);
		}
		console.warn(`${message}; the API is served without the web pages.`);
	}
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(at("server/dist/main.mjs")).href);
