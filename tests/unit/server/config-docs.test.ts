import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../../helpers/process.ts";

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The keys of `envSchema` in server/config.ts, the only reader of the environment. */
function variablesRead(): string[] {
	const source = read("server/config.ts");
	const schema = /const envSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1];
	if (!schema) throw new Error("server/config.ts: `const envSchema = z.object({ ... });` not found");
	return [...schema.matchAll(/^\t([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] as string);
}

/** The variables named in the first column of the guide's table (`A`, `B` for a row of several). */
function variablesDocumented(): string[] {
	return read("docs/guides/configuration.md")
		.split("\n")
		.filter((line) => line.startsWith("| `"))
		.flatMap((line) =>
			[...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] as string),
		);
}

it("docs/guides/configuration.md documents every variable server/config.ts reads, and no other", () => {
	const inConfig = variablesRead();
	expect(inConfig.length).toBeGreaterThan(20);
	expect(variablesDocumented().sort()).toEqual(inConfig.sort());
});
