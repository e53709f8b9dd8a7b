import { verify } from "@node-rs/argon2";
import autocannon from "autocannon";
import { hashPassword } from "../server/lib/passwords.ts";

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
