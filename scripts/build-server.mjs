// `npm run build:server`: the server as one ES module, server/dist/main.mjs, and the CLI as
// another, server/dist/cli.mjs, run by plain Node. Their dependencies stay in node_modules
// (native modules, and what a production install provides), all but those in BUNDLED. Plain
// Node on purpose: `npm start` runs it on a checkout.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

/**
 * Bundled into main.mjs rather than imported from node_modules. drizzle-orm is some 400
 * files behind a 179 KB package.json `exports` map, and Node's resolver parses that map
 * again for each of them: loading it from node_modules allocated about 250 MB at start and
 * left the idle server at 290 MB of RSS; bundled, the server idles at about 100 MB
 * (docs/guides/speed.md).
 */
export const BUNDLED = ["drizzle-orm"];

const root = new URL("..", import.meta.url);
const { dependencies } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));

// The server, and the operator's commands (`node server/dist/cli.mjs <command>`, where
// tsx and the sources are absent: the image), each one module of its own.
await build({
	entryPoints: ["main", "cli"].map((name) => new URL(`server/${name}.ts`, root).pathname),
	outdir: new URL("server/dist", root).pathname,
	outExtension: { ".js": ".mjs" },
	bundle: true,
	platform: "node",
	format: "esm",
	target: "node22",
	// A package named here is external with its subpaths (`pg`, `drizzle-orm/pg-core`...).
	external: Object.keys(dependencies).filter((name) => !BUNDLED.includes(name)),
	sourcemap: true,
	// Stack traces need the mappings only; the sources stay out of memory (and of the image).
	sourcesContent: false,
	logLevel: "warning",
});
