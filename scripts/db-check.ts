import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The CI check that both migration folders are up to date with their schema
 * (docs/decisions/031): `drizzle-kit generate` for each config, into a temporary copy of
 * its migration folder, must find nothing to generate. No database is needed, and the
 * real folders are never written.
 */
export const configs = ["drizzle.config.ts", "drizzle.pg.config.ts"];

const NOTHING_TO_GENERATE = "No schema changes, nothing to migrate";

type Config = { dialect: string; schema: string; out: string };
export type Check = { config: string; clean: boolean; output: string };

/** Its command line, beside its main module (the package exports no path to it). */
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve("drizzle-kit")), "bin.cjs");

/** Runs `drizzle-kit generate` as `config` would, but into a copy of its folder; clean when no migration appears. */
export async function checkConfig(config: string, root = process.cwd()): Promise<Check> {
	const { dialect, schema, out } = ((await import(pathToFileURL(resolve(root, config)).href)) as { default: Config })
		.default;
	const copy = mkdtempSync(join(tmpdir(), "portico-db-check-"));
	try {
		cpSync(resolve(root, out), copy, { recursive: true });
		const before = readdirSync(copy).sort().join("\n");
		// stdin closed: a question (is this column renamed?) ends the run instead of waiting for an answer.
		// The folder is given relative to `root`: drizzle-kit reads `./<out>`, an absolute path included.
		const run = spawnSync(
			process.execPath,
			[drizzleKit, "generate", `--dialect=${dialect}`, `--schema=${schema}`, `--out=${relative(root, copy)}`],
			{ cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 },
		);
		const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
		const after = readdirSync(copy).sort().join("\n");
		// drizzle-kit ends with status 0 after some errors too: clean is only its own word for it, nothing written.
		const clean = run.status === 0 && output.includes(NOTHING_TO_GENERATE) && after === before;
		return { config, clean, output };
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
}

async function main() {
	let failed = false;
	for (const config of configs) {
		const check = await checkConfig(config);
		if (check.clean) {
			console.log(`db:check ${config}: migrations up to date`);
			continue;
		}
		failed = true;
		console.error(
			`db:check ${config}: its schema differs from its migrations; run \`npm run db:generate\` and commit the new migration.\n${check.output}`,
		);
	}
	if (failed) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
