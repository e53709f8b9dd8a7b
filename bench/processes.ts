import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { basename, join } from "node:path";
import { buildSync } from "esbuild";

export const freePort = () =>
	new Promise<number>((resolve, reject) => {
		const server = createServer();
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
			);
		});
	});

/** Starts `node <script>` (one process, so its RSS is the server's); TypeScript runs through tsx. */
export function startNode(script: string, env: Record<string, string>): ChildProcess {
	const args = script.endsWith(".ts") ? ["--import", "tsx", script] : [script];
	return spawn(process.execPath, args, {
		env: { ...process.env, ...env },
		stdio: ["ignore", "ignore", "inherit"],
	});
}

/** Polls `url` until it answers 200; returns the milliseconds it took from `since`. */
export async function waitForOk(
	url: string,
	since: number,
	timeoutMs = 15_000,
	headers: Record<string, string> = {},
): Promise<number> {
	while (performance.now() - since < timeoutMs) {
		try {
			const response = await fetch(url, { headers });
			if (response.ok) return performance.now() - since;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Bundles a TypeScript server the way `npm run build:server` bundles the app (into
 * bench/dist/, beside node_modules), so that a baseline runs on plain Node like the app:
 * through tsx its memory would also hold the TypeScript loader.
 */
export function bundle(
	entry: string,
	outfile = join("bench", "dist", basename(entry).replace(/\.ts$/, ".mjs")),
): string {
	buildSync({
		entryPoints: [entry],
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node22",
		packages: "external",
		logLevel: "warning",
		outfile,
	});
	return outfile;
}

export function stop(child: ChildProcess): Promise<void> {
	return new Promise((resolve) => {
		if (child.exitCode !== null) return resolve();
		child.once("exit", () => resolve());
		child.kill("SIGTERM");
	});
}
