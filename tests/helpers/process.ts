import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";
import { freePort } from "./free-port.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SUPERUSER = { email: "root@example.com", password: "root-password-123" };

const children = new Set<ChildProcess>();
const dirs: string[] = [];

export function tempDir(prefix = "portico-proc-"): string {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	dirs.push(dir);
	return dir;
}

/** The environment a child gets: only what the test sets, plus PATH and HOME. */
const childEnv = (env: Record<string, string>) => ({
	PATH: process.env.PATH ?? "",
	HOME: process.env.HOME ?? "",
	LOG_LEVEL: "warn",
	...env,
});

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type RunningServer = {
	child: ChildProcess;
	url: string;
	port: number;
	exited: Promise<Exit>;
	output: () => string;
};

/** How the server is run: by default its sources under tsx; `npm start` runs `server/start.mjs`. */
export type Launch = { cwd: string; args: string[] };
const FROM_SOURCES: Launch = { cwd: ROOT, args: ["--import", "tsx", "server/main.ts"] };

/** Spawns the real server (`node --import tsx server/main.ts`), without waiting for it. */
export function spawnServer(env: Record<string, string>, launch: Launch = FROM_SOURCES): RunningServer {
	let output = "";
	const child = spawn(process.execPath, launch.args, {
		cwd: launch.cwd,
		env: childEnv(env),
		stdio: ["ignore", "pipe", "pipe"],
	});
	children.add(child);
	child.stdout?.on("data", (chunk) => {
		output += chunk;
	});
	child.stderr?.on("data", (chunk) => {
		output += chunk;
	});
	const exited = new Promise<Exit>((resolve) =>
		child.once("exit", (code, signal) => {
			children.delete(child);
			resolve({ code, signal });
		}),
	);
	const port = Number(env.PORT ?? 3000);
	return { child, url: `http://127.0.0.1:${port}`, port, exited, output: () => output };
}

/** Starts the real server on a free port over `dataDir` and waits until it answers. */
export async function startServer(
	dataDir: string,
	env: Record<string, string> = {},
	{ launch = FROM_SOURCES, timeoutMs = 15_000 }: { launch?: Launch; timeoutMs?: number } = {},
): Promise<RunningServer> {
	const port = await freePort();
	const server = spawnServer(
		{
			DATA_DIR: dataDir,
			PORT: String(port),
			HOST: "127.0.0.1",
			FIRST_SUPERUSER_EMAIL: SUPERUSER.email,
			FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
			...env,
		},
		launch,
	);
	let exited: Exit | null = null;
	void server.exited.then((exit) => {
		exited = exit;
	});
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (exited) throw new Error(`server exited early (${JSON.stringify(exited)}):\n${server.output()}`);
		try {
			const res = await fetch(`${server.url}/api/v1/utils/health-check/`);
			if (res.ok) return server;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error(`server did not start:\n${server.output()}`);
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs `server/cli.ts` as the operator would, with its own environment. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", ...args], {
			cwd: ROOT,
			env: childEnv(env),
			stdio: ["ignore", "pipe", "pipe"],
		});
		children.add(child);
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk) => {
			stdout += chunk;
		});
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		child.once("exit", (code) => {
			children.delete(child);
			resolve({ code, stdout, stderr });
		});
	});
}

/** Logs in over real HTTP with the OAuth2 form; returns the access token. */
export async function httpLogin(url: string, email: string, password: string, ip?: string): Promise<Response> {
	return fetch(`${url}/api/v1/login/access-token`, {
		method: "POST",
		headers: { "content-type": "application/x-www-form-urlencoded", ...(ip && { "x-forwarded-for": ip }) },
		body: new URLSearchParams({ username: email, password }),
	});
}

export async function listEmails(url: string, token: string): Promise<Set<string>> {
	const res = await fetch(`${url}/api/v1/users/?limit=1000`, { headers: { authorization: `Bearer ${token}` } });
	if (!res.ok) throw new Error(`list failed: ${res.status}`);
	const body = (await res.json()) as { data: Array<{ email: string }> };
	return new Set(body.data.map((user) => user.email));
}

afterEach(async () => {
	for (const child of children) {
		child.kill("SIGKILL");
		await new Promise((resolve) => child.once("exit", resolve));
	}
	children.clear();
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The CLI in this process (same code, no spawn): for the many quick refusals. */
export async function runCliHere(args: string[], env: Record<string, string>): Promise<CliResult> {
	const { runCli: run } = await import("../../server/cli/run.ts");
	let stdout = "";
	let stderr = "";
	const code = await run(
		args,
		{ LOG_LEVEL: "warn", ...env },
		{
			out: (line) => {
				stdout += `${line}\n`;
			},
			err: (line) => {
				stderr += `${line}\n`;
			},
		},
	);
	return { code, stdout, stderr };
}
