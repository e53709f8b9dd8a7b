import { verify } from "@node-rs/argon2";
import autocannon from "autocannon";
import { hashPassword } from "../server/lib/passwords.ts";
import { median } from "./stats.ts";

/** A client address per request, as the one proxy in front (TRUST_PROXY=1) reports it: no per-IP bucket fills. */
const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

export async function login(base: string, email: string, password: string): Promise<string> {
	const response = await fetch(`${base}/api/v1/login/access-token`, {
		method: "POST",
		headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
		body: new URLSearchParams({ username: email, password }),
	});
	if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
	return ((await response.json()) as { access_token: string }).access_token;
}

/** argon2id verifies per second with 4 in flight (the server's cap), in this process. */
export async function argon2Capacity(password: string, seconds: number): Promise<number> {
	const hash = await hashPassword(password);
	let done = 0;
	const until = performance.now() + seconds * 1000;
	const worker = async () => {
		while (performance.now() < until) {
			await verify(hash, password);
			done++;
		}
	};
	await Promise.all([worker(), worker(), worker(), worker()]);
	return done / seconds;
}

/**
 * Logins as fast as the server takes them (8 clients), and beside them one client asking
 * `GET /users/me` 50 times a second: how many logins a second, and how long users/me
 * waits meanwhile. autocannon, not wrk: logins are bound by argon2 (tens a second), and
 * each needs its own client address, which autocannon sets per request.
 */
export async function loginStorm(
	urls: { login: string; me: string },
	login: { email: string; password: string },
	headers: Record<string, string>,
	seconds: number,
) {
	const body = new URLSearchParams({ username: login.email, password: login.password }).toString();
	const [logins, me] = await Promise.all([
		autocannon({
			url: urls.login,
			connections: 8,
			duration: seconds,
			requests: [
				{
					method: "POST",
					headers: { "content-type": "application/x-www-form-urlencoded" },
					body,
					setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": randomIp() } }),
				},
			],
		}),
		autocannon({ url: urls.me, headers, connections: 1, overallRate: 50, duration: seconds }),
	]);
	return {
		loginsPerSecond: logins.requests.average,
		loginErrors: logins.non2xx + logins.errors,
		meP99: me.latency.p99,
		meErrors: me.non2xx + me.errors,
	};
}

/** A server to storm: where it logs in, where users/me is asked beside, as whom. */
export type StormTarget = {
	name: string;
	base: string;
	headers: Record<string, string>;
	/** CPU seconds its serving processes (the app, a database beside it) have used so far. */
	cpuSeconds?: () => number;
};

/**
 * `rounds` storms of `seconds` on each target in turn (as measureRounds alternates its
 * targets, so that the machine's drift lands on all): the medians of logins a second and
 * of users/me's p99 beside them, and the failed answers of all rounds.
 */
export async function alternatingStorms(
	targets: StormTarget[],
	login: { email: string; password: string },
	{ rounds, seconds }: { rounds: number; seconds: number },
	progress: (line: string) => void = () => {},
) {
	const storms = targets.map(() => [] as (Awaited<ReturnType<typeof loginStorm>> & { cpuMsPerLogin: number })[]);
	for (let round = 1; round <= rounds; round++)
		for (const [i, target] of targets.entries()) {
			const cpuBefore = target.cpuSeconds?.() ?? Number.NaN;
			const storm = await loginStorm(
				{ login: `${target.base}/api/v1/login/access-token`, me: `${target.base}/api/v1/users/me` },
				login,
				target.headers,
				seconds,
			);
			const cpuMs = ((target.cpuSeconds?.() ?? Number.NaN) - cpuBefore) * 1000;
			storms[i]?.push({ ...storm, cpuMsPerLogin: cpuMs / (storm.loginsPerSecond * seconds) });
			progress(`storm ${round}/${rounds} ${target.name}: ${storm.loginsPerSecond.toFixed(1)} logins/s`);
		}
	return targets.map((target, i) => {
		const runs = storms[i] ?? [];
		return {
			name: target.name,
			loginsPerSecond: median(runs.map((run) => run.loginsPerSecond)),
			meP99: median(runs.map((run) => run.meP99)),
			/** CPU of the serving processes per login, users/me's 50 a second included (NaN without `cpuSeconds`). */
			cpuMsPerLogin: median(runs.map((run) => run.cpuMsPerLogin)),
			errors: runs.reduce((sum, run) => sum + run.loginErrors + run.meErrors, 0),
		};
	});
}
