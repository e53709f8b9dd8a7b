import { randomBytes } from "node:crypto";
import { request } from "node:http";
import pg from "pg";
import { afterEach } from "vitest";
import { freePort } from "./free-port.ts";
import { type Launch, type RunningServer, SUPERUSER, spawnServer, tempDir } from "./process.ts";

/**
 * Several real Portico processes on one PostgreSQL database, on loopback, as a load
 * balancer would see them: each has its own DATA_DIR (nothing shared on disk) and the
 * same SECRET_KEY (the one thing every instance must be given alike).
 */
export type Instances = {
	databaseUrl: string;
	secretKey: string;
	/** The environment every instance gets (plus its own DATA_DIR and PORT). */
	env: Record<string, string>;
};

export function sharedSetup(databaseUrl: string, env: Record<string, string> = {}): Instances {
	const secretKey = randomBytes(32).toString("hex");
	return {
		databaseUrl,
		secretKey,
		env: {
			DATABASE_URL: databaseUrl,
			SECRET_KEY: secretKey,
			// Behind one proxy: the test names each client's address in X-Forwarded-For.
			TRUST_PROXY: "1",
			DATABASE_POOL_SIZE: "4",
			...env,
		},
	};
}

/** Spawns one instance without waiting for it. */
export async function spawnInstance(
	shared: Instances,
	env: Record<string, string> = {},
	launch?: Launch,
): Promise<RunningServer> {
	return spawnServer(
		{
			DATA_DIR: tempDir("portico-instance-"),
			PORT: String(await freePort()),
			HOST: "127.0.0.1",
			FIRST_SUPERUSER_EMAIL: SUPERUSER.email,
			FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
			...shared.env,
			...env,
		},
		launch,
	);
}

/** Polls `check` every 25 ms until it holds, or fails after `timeoutMs` saying `what`. */
export async function until(
	check: () => Promise<boolean> | boolean,
	what: string,
	{ timeoutMs = 30_000, output }: { timeoutMs?: number; output?: () => string } = {},
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline)
			throw new Error(`${what} did not happen in ${timeoutMs} ms${output ? `:\n${output()}` : ""}`);
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** Waits until the instance answers its health check (or fails with its output when it exits first). */
export async function healthy(server: RunningServer, timeoutMs = 30_000): Promise<RunningServer> {
	let exit: unknown;
	void server.exited.then((value) => {
		exit = value;
	});
	await until(
		async () => {
			if (exit) throw new Error(`instance exited (${JSON.stringify(exit)}):\n${server.output()}`);
			try {
				return (await fetch(`${server.url}/api/v1/utils/health-check/`)).ok;
			} catch {
				return false;
			}
		},
		`instance on ${server.url} healthy`,
		{ timeoutMs, output: server.output },
	);
	return server;
}

/** Instance n's connections carry application_name `portico-n`, so the test can tell them apart in pg_stat_activity. */
export const applicationName = (n: number) => `portico-${n}`;

/**
 * Starts `count` instances (numbered from 1) and waits until every one answers: the first
 * alone, the others together once it serves, as the guide's compose file does (two first
 * starts on a database without users race to create the first superuser: cold-start.test.ts).
 */
export async function startInstances(shared: Instances, count: number): Promise<RunningServer[]> {
	const numbered = (n: number) =>
		spawnInstance(shared, { DATABASE_URL: `${shared.databaseUrl}?application_name=${applicationName(n)}` });
	const first = await healthy(await numbered(1));
	const others = await Promise.all(Array.from({ length: count - 1 }, (_, i) => numbered(i + 2)));
	return [first, ...(await Promise.all(others.map((server) => healthy(server))))];
}

/** A distinct client address per call, so that no per-IP bucket ends a long test. */
let lastAddress = 0;
export const nextAddress = () => {
	lastAddress += 1;
	return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};

export type Tokens = { access_token: string; refresh_token: string };

/** REST as a client sees it: JSON in, status and JSON out. */
export async function call(
	url: string,
	method: string,
	path: string,
	{ token, body, ip = nextAddress() }: { token?: string; body?: unknown; ip?: string } = {},
	// biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON it asked for
): Promise<{ status: number; json: any }> {
	const res = await fetch(`${url}/api/v1${path}`, {
		method,
		headers: {
			"x-forwarded-for": ip,
			...(token && { authorization: `Bearer ${token}` }),
			...(body !== undefined && { "content-type": "application/json" }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	let json: unknown = text;
	try {
		json = JSON.parse(text);
	} catch {
		// not JSON
	}
	return { status: res.status, json };
}

/** Logs in through `url` (a fresh client address); fails the test unless it succeeds. */
export async function login(url: string, email: string, password: string): Promise<Tokens> {
	const res = await fetch(`${url}/api/v1/login/access-token`, {
		method: "POST",
		headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress() },
		body: new URLSearchParams({ username: email, password }),
	});
	if (res.status !== 200) throw new Error(`login of ${email} through ${url}: ${res.status} ${await res.text()}`);
	return (await res.json()) as Tokens;
}

const clients: pg.Client[] = [];

/** A connection of the test's own to the instances' database (closed after the test). */
export async function sql(databaseUrl: string): Promise<pg.Client> {
	const client = new pg.Client({ connectionString: databaseUrl });
	await client.connect();
	clients.push(client);
	return client;
}

afterEach(async () => {
	for (const client of clients.splice(0)) await client.end().catch(() => undefined);
});

/**
 * A JSON request whose headers go now and whose body goes when the test calls `release()`
 * (a client holding its body back after the headers, as held-body.ts does in process).
 */
export function heldRequest(url: string, method: string, path: string, token: string, body: unknown) {
	const payload = JSON.stringify(body);
	const req = request(`${url}/api/v1${path}`, {
		method,
		headers: {
			authorization: `Bearer ${token}`,
			"content-type": "application/json",
			"content-length": String(Buffer.byteLength(payload)),
			"x-forwarded-for": nextAddress(),
		},
	});
	const answer = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
		req.on("response", (res) => {
			let text = "";
			res.on("data", (chunk) => {
				text += chunk;
			});
			res.on("end", () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }));
		});
		req.on("error", reject);
	});
	req.flushHeaders();
	return { answer, release: () => req.end(payload) };
}

/**
 * The instance named `applicationName` (its DATABASE_URL's application_name) has read a
 * session for a request since `since` (the database's clock): its authentication of that
 * request is decided. pg_stat_activity keeps an idle connection's last statement.
 */
export async function sessionReadSince(db: pg.Client, applicationName: string, since: Date): Promise<boolean> {
	const { rows } = await db.query(
		`select count(*)::int as n from pg_stat_activity
		 where application_name = $1 and state = 'idle' and query_start > $2
		   and query like '%from "sessions" inner join "users"%'`,
		[applicationName, since],
	);
	return rows[0].n > 0;
}
