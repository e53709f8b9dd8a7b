import { execFileSync } from "node:child_process";
import { ROOT } from "./process.ts";

/**
 * The opening of a script for a fresh Node process: a module-resolution hook sets
 * `loaded` once any module whose URL contains `urlPart` is resolved, and `settle()` lets
 * the hook's message arrive. The script then does its steps and prints `loaded` between.
 */
export const watchModuleLoads = (urlPart: string) => `
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const hooks = "data:text/javascript," + encodeURIComponent(
	"let port; export function initialize(data) { port = data.port; }" +
	"export async function resolve(specifier, context, next) {" +
	" const resolved = await next(specifier, context);" +
	" if (resolved.url.includes('${urlPart}')) port.postMessage(resolved.url);" +
	" return resolved; }",
);
const { port1, port2 } = new MessageChannel();
let loaded = false;
port1.on("message", () => { loaded = true; });
port1.unref();
register(hooks, import.meta.url, { data: { port: port2 }, transferList: [port2] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
`;

/** Runs `script` (TypeScript imports allowed, from the repository's root) in a fresh Node process; returns the JSON of its last line. */
export function lastJsonOfFreshNode(script: string, env: Record<string, string>): unknown {
	const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		encoding: "utf8",
	});
	return JSON.parse(out.trim().split("\n").pop() ?? "");
}
