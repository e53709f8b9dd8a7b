import { existsSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUPERUSER, startServer, tempDir } from "../../helpers/process.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines of the server's log that record an incoming login request. */
const incomingLogins = (output: string) =>
	output.split("\n").filter((line) => line.includes("incoming request") && line.includes("/login/access-token")).length;

async function waitFor(done: () => boolean, output: () => string, timeoutMs = 15_000) {
	const deadline = Date.now() + timeoutMs;
	while (!done()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting; server output:\n${output()}`);
		await pause(20);
	}
}

/**
 * A login whose body arrives in two halves: between them the request is surely in
 * flight on the server (headers read, handler not yet run).
 */
// A browser-like client: it keeps idle connections open for as long as the server allows.
const agent = new Agent({ keepAlive: true });

function slowLogin(url: string) {
	const body = new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }).toString();
	const half = Math.floor(body.length / 2);
	const req = request(`${url}/api/v1/login/access-token`, {
		method: "POST",
		agent,
		headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
	});
	const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
		req.on("response", (res) => {
			let text = "";
			res.on("data", (chunk) => {
				text += chunk;
			});
			res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
		});
		req.on("error", reject);
	});
	const connected = new Promise<void>((resolve) =>
		req.on("socket", (socket) => socket.once("connect", () => resolve())),
	);
	req.write(body.slice(0, half));
	return { connected, answer, finish: () => req.end(body.slice(half)) };
}

describe("graceful shutdown", () => {
	it("SIGTERM lets in-flight logins finish, then exits 0 promptly and accepts nothing more", {
		timeout: 120_000,
	}, async () => {
		const dataDir = tempDir();
		const server = await startServer(dataDir, { LOG_LEVEL: "info" });
		const logins = [slowLogin(server.url), slowLogin(server.url), slowLogin(server.url)];
		await Promise.all(logins.map((login) => login.connected));
		// The server logs each request once it has read its headers: all three are in flight.
		await waitFor(() => incomingLogins(server.output()) >= 3, server.output);
		const signalled = Date.now();
		server.child.kill("SIGTERM");
		await waitFor(() => server.output().includes("shutting down: finishing in-flight requests"), server.output);
		for (const login of logins) login.finish();
		const answers = await Promise.all(logins.map((login) => login.answer));
		expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
		for (const a of answers) expect(JSON.parse(a.body)).toMatchObject({ token_type: "bearer" });
		expect(await server.exited).toEqual({ code: 0, signal: null });
		// The database was closed: the last connection checkpoints and removes its WAL file.
		const wal = join(dataDir, "app.db-wal");
		expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
		expect(existsSync(join(dataDir, "app.db"))).toBe(true);
		// Idle keep-alive connections do not hold the exit up until the 10 s forced exit (which exits 1).
		expect(Date.now() - signalled).toBeLessThan(8000);
		await expect(fetch(`${server.url}/api/v1/utils/health-check/`)).rejects.toThrow();
	});
});
