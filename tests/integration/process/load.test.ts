import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import type { Socket } from "node:net";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { httpLogin, type RunningServer, SUPERUSER, startServer, tempDir } from "../../helpers/process.ts";

const CONNECTIONS = 1000;
const LOGIN_CLIENTS = 20; // argon2 allows about 60 logins/s on 2 cores: a small share of the traffic
const LOAD_MS = 5000;
// 400 MB on Node 20. On Node 24 the same load peaked at 353-493 MB over eight runs here
// (2026-11-27), the synchronous service layer (470) and the async one (493) alike: the server
// holds 255-310 MB before it (argon2's four slots, 1,000 sockets' buffers) and V8 grows its
// young generation in steps, so a run's peak lands on one step or the next. The bound is
// over the highest step seen, well under what a leak per connection or buffered bodies add.
const RSS_LIMIT_MB = 560;
const PASSWORD = "load-test-password";

type Answer = { status: number; body: string };

/** A distinct client address for request n, as the one proxy in front (TRUST_PROXY=1) would report it. */
const clientIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One keep-alive pool of CONNECTIONS sockets, counting how many are open at once. */
function connectionPool() {
	const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
	const sockets = new Set<Socket>();
	let open = 0;
	let mostOpen = 0;
	const send = (
		url: string,
		options: { method: string; path: string; headers?: Record<string, string>; body?: string },
	): Promise<Answer> =>
		new Promise((resolve, reject) => {
			const req = request(`${url}${options.path}`, {
				method: options.method,
				agent,
				headers: options.headers,
				timeout: 30_000,
			});
			req.once("socket", (socket) => {
				if (sockets.has(socket)) return;
				sockets.add(socket);
				mostOpen = Math.max(mostOpen, ++open);
				socket.once("close", () => open--);
			});
			req.once("response", (res) => {
				let body = "";
				res.setEncoding("utf8");
				res.on("data", (chunk) => {
					body += chunk;
				});
				res.once("end", () => resolve({ status: res.statusCode ?? 0, body }));
				res.once("error", reject);
			});
			req.once("timeout", () => req.destroy(new Error("no answer within 30 s")));
			req.once("error", reject);
			req.end(options.body);
		});
	return {
		send,
		stats: () => ({ socketsOpened: sockets.size, mostOpenAtOnce: mostOpen }),
		close: () => agent.destroy(),
	};
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
	return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

async function accessToken(url: string, email: string, n: number): Promise<string> {
	const res = await httpLogin(url, email, email === SUPERUSER.email ? SUPERUSER.password : PASSWORD, clientIp(n));
	if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
	return ((await res.json()) as { access_token: string }).access_token;
}

async function signup(url: string, email: string, n: number): Promise<number> {
	const res = await fetch(`${url}/api/v1/users/signup`, {
		method: "POST",
		headers: { "content-type": "application/json", "x-forwarded-for": clientIp(n) },
		body: JSON.stringify({ email, password: PASSWORD }),
	});
	return res.status;
}

/** Ten sessions of the superuser, shared by the `GET /users/me` clients. */
async function meTokens(server: RunningServer): Promise<string[]> {
	return Promise.all(Array.from({ length: 10 }, (_, i) => accessToken(server.url, SUPERUSER.email, 60_000 + i)));
}

const meRequest = (token: string, n: number) => ({
	method: "GET",
	path: "/api/v1/users/me",
	headers: { authorization: `Bearer ${token}`, "x-forwarded-for": clientIp(n) },
});

describe("1,000 concurrent keep-alive connections against the real server", () => {
	it("mixing GET /users/me and logins: every answer is 200 and the RSS stays bounded", {
		timeout: 90_000,
	}, async () => {
		const server = await startServer(tempDir(), { TRUST_PROXY: "1" });
		const pid = server.child.pid as number;
		// One account per login client, so that no account ever has two logins in flight.
		const accounts = Array.from({ length: LOGIN_CLIENTS }, (_, i) => `load${i}@example.com`);
		expect(await Promise.all(accounts.map((email, i) => signup(server.url, email, 50_000 + i)))).toEqual(
			accounts.map(() => 200),
		);
		const tokens = await meTokens(server);
		const before = memoryOf(pid);

		const pool = connectionPool();
		const statuses = new Map<number, number>();
		const errors: string[] = [];
		let logins = 0;
		let loginIp = 0;
		let rssSamples = 0;
		const sampler = setInterval(() => {
			memoryOf(pid);
			rssSamples++;
		}, 250);
		const started = performance.now();
		const until = started + LOAD_MS;
		// Each connection answers at least 3 times (so it is reused) even when a loaded machine makes LOAD_MS short.
		const client = async (index: number) => {
			for (let sent = 0; sent < 3 || performance.now() < until; sent++) {
				const isLogin = index < LOGIN_CLIENTS;
				const options = isLogin
					? {
							method: "POST",
							path: "/api/v1/login/access-token",
							headers: {
								"content-type": "application/x-www-form-urlencoded",
								"x-forwarded-for": clientIp(++loginIp),
							},
							body: new URLSearchParams({ username: accounts[index] as string, password: PASSWORD }).toString(),
						}
					: meRequest(tokens[index % tokens.length] as string, index);
				try {
					const answer = await pool.send(server.url, options);
					statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
					if (answer.status !== 200) errors.push(`${options.path}: ${answer.status} ${answer.body.slice(0, 200)}`);
					else if (isLogin) logins++;
				} catch (error) {
					errors.push(`${options.path}: ${(error as Error).message}`);
				}
			}
		};
		await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => client(i)));
		const seconds = (performance.now() - started) / 1000;
		clearInterval(sampler);
		const after = memoryOf(pid);
		const { socketsOpened, mostOpenAtOnce } = pool.stats();
		pool.close();
		const requests = [...statuses.values()].reduce((sum, count) => sum + count, 0);
		console.log(
			`load: ${requests} answers (${logins} logins) in ${seconds.toFixed(1)} s = ${Math.round(requests / seconds)}/s over ${mostOpenAtOnce} connections at once (${socketsOpened} opened); ${errors.length} errors; server RSS ${before.rssMb} MB before, ${after.rssMb} MB after, peak ${after.peakMb} MB (${rssSamples} samples)`,
		);

		expect(errors.slice(0, 5)).toEqual([]);
		expect(mostOpenAtOnce).toBe(CONNECTIONS);
		expect(socketsOpened).toBe(CONNECTIONS); // kept alive: no connection was opened twice
		expect(logins).toBeGreaterThan(0);
		expect(requests).toBeGreaterThanOrEqual(CONNECTIONS * 3);
		expect(after.peakMb).toBeLessThan(RSS_LIMIT_MB);
	});

	it("SIGTERM in the middle of it, signups in flight: every acknowledged signup is in the database", {
		timeout: 90_000,
	}, async () => {
		const dataDir = tempDir();
		const server = await startServer(dataDir, { TRUST_PROXY: "1" });
		const pid = server.child.pid as number;
		const tokens = await meTokens(server);
		const pool = connectionPool();
		const SIGNUP_CLIENTS = 20;

		let signalled = false;
		let exited = false;
		void server.exited.then(() => {
			exited = true;
		});
		const acknowledged: string[] = [];
		let acknowledgedAfterSignal = 0;
		let inFlightAtSignal = 0;
		let inFlight = 0;
		let sent = 0;
		let meAnswers = 0;
		const unexpected: string[] = [];
		const signupClient = async () => {
			// Signups go on through the shutdown until the server stops taking them.
			while (!exited) {
				const n = sent++;
				const email = `storm${n}@example.com`;
				inFlight++;
				try {
					const answer = await pool.send(server.url, {
						method: "POST",
						path: "/api/v1/users/signup",
						headers: { "content-type": "application/json", "x-forwarded-for": clientIp(n) },
						body: JSON.stringify({ email, password: PASSWORD }),
					});
					if (answer.status === 200) {
						acknowledged.push(email);
						if (signalled) acknowledgedAfterSignal++;
					} else if (answer.status === 503 && signalled) break;
					else unexpected.push(`signup: ${answer.status} ${answer.body.slice(0, 200)}`);
				} catch (error) {
					if (!signalled) unexpected.push(`signup: ${(error as Error).message}`);
					break; // the server is gone
				} finally {
					inFlight--;
				}
			}
		};
		const meClient = async (index: number) => {
			while (!signalled) {
				try {
					const answer = await pool.send(server.url, meRequest(tokens[index % tokens.length] as string, index));
					if (answer.status === 200) meAnswers++;
					else if (!(answer.status === 503 && signalled)) unexpected.push(`me: ${answer.status}`);
				} catch (error) {
					if (!signalled) unexpected.push(`me: ${(error as Error).message}`);
				}
			}
		};
		const clients = [
			...Array.from({ length: SIGNUP_CLIENTS }, () => signupClient()),
			...Array.from({ length: CONNECTIONS - SIGNUP_CLIENTS }, (_, i) => meClient(i)),
		];

		const deadline = Date.now() + 30_000;
		while (acknowledged.length < 30 || meAnswers < CONNECTIONS) {
			if (Date.now() > deadline) throw new Error(`load too slow: ${acknowledged.length} signups, ${meAnswers} reads`);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		const peakMb = memoryOf(pid).peakMb;
		server.child.kill("SIGTERM");
		signalled = true;
		inFlightAtSignal = inFlight;
		const signalledAt = performance.now();
		const exit = await server.exited;
		const shutdownMs = Math.round(performance.now() - signalledAt);
		await Promise.all(clients);
		pool.close();
		console.log(
			`SIGTERM under load: ${acknowledged.length} signups acknowledged (${acknowledgedAfterSignal} after the signal, ${inFlightAtSignal} in flight at it), ${sent} sent, ${meAnswers} reads; exit after ${shutdownMs} ms; peak RSS ${peakMb} MB`,
		);

		expect(exit).toEqual({ code: 0, signal: null });
		expect(unexpected.slice(0, 5)).toEqual([]);
		expect(inFlightAtSignal).toBeGreaterThan(0);
		const db = new Database(join(dataDir, "app.db"), { readonly: true, fileMustExist: true });
		const stored = new Set(
			(db.prepare("select email from users").all() as Array<{ email: string }>).map((row) => row.email),
		);
		db.close();
		expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
	});
});
