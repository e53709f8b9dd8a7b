import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type ParsedMail, parseMail } from "./eml.ts";
import { api } from "./http.ts";
import { settled } from "./settled.ts";
import { totpAt } from "./totp.ts";
import type { TestUser } from "./users.ts";

export type TwoFactorUser = TestUser & { secret: string; recoveryCodes: string[] };

/**
 * Turns two-factor on for a seeded user through the API, as the Security tab does: setup,
 * then the app's current code. That code's step is spent; the next code to use is
 * `totpAt(secret, now(), 1)` (one step ahead is within the drift).
 */
export async function enableTwoFactor(app: FastifyInstance, user: TestUser, now: () => number): Promise<TwoFactorUser> {
	const setup = await api(app, "POST", "/users/me/totp/setup", { headers: user.headers });
	if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
	const { secret } = setup.json() as { secret: string };
	const enable = await api(app, "POST", "/users/me/totp/enable", {
		headers: user.headers,
		body: { code: totpAt(secret, now()) },
	});
	if (enable.statusCode !== 200) throw new Error(`enable failed: ${enable.statusCode} ${enable.body}`);
	return { ...user, secret, recoveryCodes: (enable.json() as { recovery_codes: string[] }).recovery_codes };
}

/** The first login step of an account with two-factor: its mfa_token. */
export async function mfaTokenOf(app: FastifyInstance, user: TestUser, ip = "127.0.0.1"): Promise<string> {
	const res = await app.inject({
		method: "POST",
		url: "/api/v1/login/access-token",
		remoteAddress: ip,
		headers: { "content-type": "application/x-www-form-urlencoded" },
		payload: new URLSearchParams({ username: user.email, password: user.password }).toString(),
	});
	if (res.statusCode !== 401) throw new Error(`expected the second step, got ${res.statusCode} ${res.body}`);
	return (res.json() as { mfa_token: string }).mfa_token;
}

/** The e-mails the app wrote to its outbox so far (delivery may reorder them: find by subject). */
export async function outbox(app: FastifyInstance, dataDir: string): Promise<ParsedMail[]> {
	await settled(app);
	const dir = join(dataDir, "outbox");
	let files: string[] = [];
	try {
		files = readdirSync(dir).filter((name) => name.endsWith(".eml"));
	} catch {
		return [];
	}
	return files.sort().map((name) => parseMail(readFileSync(join(dir, name), "utf8")));
}
