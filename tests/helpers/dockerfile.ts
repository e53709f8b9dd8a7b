import { readFileSync } from "node:fs";

/** One instruction of a Dockerfile: `COPY --from=build /a ./b` is {keyword: "COPY", flags: {from: "build"}, args: ["/a", "./b"]}. */
export type Instruction = { keyword: string; flags: Record<string, string>; args: string[]; text: string };
export type Stage = { name: string | undefined; base: string; instructions: Instruction[] };

/**
 * A small reader for the subset of Dockerfile syntax this project uses: line
 * continuations, comments, `--flag=value` options, JSON arrays for CMD and friends.
 * Anything it does not understand is an error, so the image test cannot quietly
 * misread the file.
 */
export function parseDockerfile(path: string): Stage[] {
	const logical = readFileSync(path, "utf8")
		.split("\n")
		.filter((line) => !line.trimStart().startsWith("#"))
		.join("\n")
		.replace(/\\\n/g, " ")
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "");
	const stages: Stage[] = [];
	for (const line of logical) {
		const match = /^([A-Z]+)\s+(.*)$/.exec(line);
		if (!match) throw new Error(`cannot read Dockerfile line: ${line}`);
		const [, keyword = "", rest = ""] = match;
		if (keyword === "FROM") {
			const [base = "", as, name] = rest.split(/\s+/);
			if (as !== undefined && as.toUpperCase() !== "AS") throw new Error(`cannot read FROM line: ${line}`);
			stages.push({ name, base, instructions: [] });
			continue;
		}
		const stage = stages.at(-1);
		if (!stage) throw new Error(`instruction before FROM: ${line}`);
		stage.instructions.push({ keyword, ...splitFlags(rest), text: rest });
	}
	return stages;
}

function splitFlags(rest: string): { flags: Record<string, string>; args: string[] } {
	const flags: Record<string, string> = {};
	let words = rest.split(/\s+/);
	while (words[0]?.startsWith("--")) {
		const [key = "", value = ""] = (words.shift() ?? "").slice(2).split("=");
		flags[key] = value;
	}
	if (rest.trimStart().startsWith("[")) return { flags, args: [] };
	words = words.filter((word) => word !== "");
	return { flags, args: words };
}

/** The exec form `["a", "b"]` of CMD, ENTRYPOINT or HEALTHCHECK's CMD; the shell form is refused. */
export function execForm(text: string): string[] {
	const json = text.slice(text.indexOf("["));
	const parsed: unknown = JSON.parse(json);
	if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === "string"))
		throw new Error(`not an exec-form array: ${text}`);
	return parsed;
}

/** `ENV A=1 B=2` lines of a stage, merged; quoted values are refused (none are used). */
export function stageEnv(stage: Stage): Record<string, string> {
	const env: Record<string, string> = {};
	for (const instruction of stage.instructions.filter((i) => i.keyword === "ENV")) {
		for (const pair of instruction.args) {
			const match = /^([A-Za-z_][A-Za-z0-9_]*)=([^"'\s]*)$/.exec(pair);
			if (!match) throw new Error(`cannot read ENV pair: ${pair}`);
			env[match[1] as string] = match[2] as string;
		}
	}
	return env;
}

export const only = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);

/** The commands of a RUN line, split on `&&`. */
export const runCommands = (instruction: Instruction) =>
	instruction.text
		.split("&&")
		.map((command) => command.trim().replace(/\s+/g, " "))
		.filter((command) => command !== "");
