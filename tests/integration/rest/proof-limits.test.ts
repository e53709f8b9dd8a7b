import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { PROOF_WINDOW_MS } from "../../../server/services/sign-in/proof-limits.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { totpAt } from "../../helpers/totp.ts";
import { mutate } from "../../helpers/trpc.ts";
import { enableTwoFactor, mfaTokenOf, outbox } from "../../helpers/two-factor.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

/**
 * Wrong second-factor codes and wrong current passwords are counted per account (and per
 * session for passwords) whatever the client (docs/decisions/028): a guesser rotating
 * addresses escapes the per-client back-off, not these.
 */
/** A full window says which proofs were wrong too often, not only "rate limit". */
const CODES_LIMITED = { detail: "Too many wrong two-factor codes, please try again later" };
const PASSWORDS_LIMITED = { detail: "Too many wrong passwords, please try again later" };
const CODES_SUBJECT = "Wrong two-factor codes on your account";
const PASSWORDS_SUBJECT = "Wrong passwords in a signed-in session";

/** A new client each time: 127.0.n.m, as a guesser with many addresses. */
let clients = 0;
const nextIp = () => {
	clients++;
	return `127.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

const expectLimited = (res: LightMyRequestResponse, body = CODES_LIMITED) => {
	expect(res.statusCode).toBe(429);
	expect(res.json()).toEqual(body);
	const wait = Number(res.headers["retry-after"]);
	expect(wait).toBeGreaterThanOrEqual(1);
	expect(wait).toBeLessThanOrEqual(PROOF_WINDOW_MS / 1000);
	return wait;
};

describe("second-factor codes: 10 wrong ones per account per 15 minutes, whatever the client", () => {
	it("counts /login/mfa, the form's totp_code and /login/reauthenticate together; the owner is told once; the window ends", async () => {
		const { app, now, advance, dataDir } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const wrongBy = [
			async (ip: string) =>
				api(app, "POST", "/login/mfa", { ip, body: { mfa_token: await mfaTokenOf(app, user, ip), code: "000000" } }),
			(ip: string) => loginForm(app, user.email, user.password, { ip, extra: { totp_code: "000000" } }),
			(ip: string) =>
				api(app, "POST", "/login/reauthenticate", { ip, headers: user.headers, body: { code: "000000" } }),
		];
		for (let i = 0; i < 10; i++) {
			const res = await wrongBy[i % 3]!(nextIp());
			expect({ i, status: res.statusCode }).toEqual({ i, status: 400 });
		}
		// From a new address, even the right code now waits, on every path.
		const right = () => totpAt(user.secret, now(), 1);
		const viaMfa = await api(app, "POST", "/login/mfa", {
			ip: "127.9.0.1",
			body: { mfa_token: await mfaTokenOf(app, user, "127.9.0.1"), code: right() },
		});
		const wait = expectLimited(viaMfa);
		expectLimited(await loginForm(app, user.email, user.password, { ip: "127.9.0.2", extra: { totp_code: right() } }));
		expectLimited(
			await api(app, "POST", "/login/reauthenticate", {
				ip: "127.9.0.3",
				headers: user.headers,
				body: { code: right() },
			}),
		);
		const twin = await mutate(
			app,
			"auth.reauthenticate",
			{ code: right() },
			{ headers: user.headers, ip: "127.9.0.4" },
		);
		expect(twin.error).toMatchObject({ code: "TOO_MANY_REQUESTS", reason: "TOO_MANY_WRONG_CODES", retryAfter: wait });
		const twinLogin = await mutate(
			app,
			"auth.login",
			{ username: user.email, password: user.password, totp_code: right() },
			{ ip: "127.9.0.7" },
		);
		expect(twinLogin.error).toMatchObject({
			code: "TOO_MANY_REQUESTS",
			reason: "TOO_MANY_WRONG_CODES",
			retryAfter: wait,
		});
		const twinStep = await mutate(
			app,
			"twoFactor.completeLogin",
			{ mfa_token: await mfaTokenOf(app, user, "127.9.0.8"), code: right() },
			{ ip: "127.9.0.8" },
		);
		expect(twinStep.error).toMatchObject({
			code: "TOO_MANY_REQUESTS",
			reason: "TOO_MANY_WRONG_CODES",
			retryAfter: wait,
		});
		// A wrong password still answers as always: the lock says nothing before the password held.
		expect((await loginForm(app, user.email, "wrong-password-1", { ip: "127.9.0.5" })).statusCode).toBe(400);

		const notices = (await outbox(app, dataDir)).filter((mail) => mail.subject === CODES_SUBJECT);
		expect(notices).toHaveLength(1);
		expect(notices[0]?.headers.to).toBe(user.email);

		advance(wait * 1000);
		const after = await api(app, "POST", "/login/mfa", {
			ip: "127.9.0.6",
			body: { mfa_token: await mfaTokenOf(app, user, "127.9.0.6"), code: right() },
		});
		expect(after.statusCode).toBe(200);
	});

	it("a second lock in a later window tells the owner again, in the language of the request", async () => {
		const { app, now, advance, dataDir } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const wrong = (lang: string) =>
			loginForm(app, user.email, user.password, {
				ip: nextIp(),
				extra: { totp_code: "000000" },
				headers: { "accept-language": lang },
			});
		for (let i = 0; i < 10; i++) expect((await wrong("en")).statusCode).toBe(400);
		expect((await wrong("en")).statusCode).toBe(429);
		advance(PROOF_WINDOW_MS);
		for (let i = 0; i < 10; i++) expect((await wrong("fr")).statusCode).toBe(400);
		const subjects = (await outbox(app, dataDir)).map((mail) => mail.subject);
		expect(subjects.filter((subject) => subject === CODES_SUBJECT)).toHaveLength(1);
		expect(subjects).toContain("Codes de double authentification erronés sur votre compte");
	});
});

describe("current passwords: 5 wrong ones per session and 10 per account per 15 minutes, whatever the client", () => {
	const change = (headers: Record<string, string>, current: string, ip = nextIp()) =>
		api(app(), "PATCH", "/users/me/password", {
			headers,
			ip,
			body: { current_password: current, new_password: "a-new-password-1" },
		});
	let current: Awaited<ReturnType<typeof buildTestApp>> | undefined;
	const app = () => current!.app;

	it("a stolen token guessing from 25 addresses gets 5 answers, then 429 with Retry-After; the window ends", async () => {
		// The access token outlives the window, so the same one tries again after it.
		current = await buildTestApp({ env: { ACCESS_TOKEN_TTL: "1h" } });
		const user = await seedUser(current.app);
		const answers: number[] = [];
		for (let i = 0; i < 25; i++) answers.push((await change(user.headers, `guess-number-${i}`)).statusCode);
		expect(answers).toEqual([...Array(5).fill(400), ...Array(20).fill(429)]);
		// Re-authentication draws on the same count, and so does the tRPC twin.
		const reauth = await api(app(), "POST", "/login/reauthenticate", {
			ip: nextIp(),
			headers: user.headers,
			body: { password: user.password },
		});
		const wait = expectLimited(reauth, PASSWORDS_LIMITED);
		const twin = await mutate(
			app(),
			"users.changePassword",
			{ current_password: user.password, new_password: "a-new-password-1" },
			{ headers: user.headers, ip: nextIp() },
		);
		expect(twin.error).toMatchObject({
			code: "TOO_MANY_REQUESTS",
			reason: "TOO_MANY_WRONG_PASSWORDS",
			retryAfter: wait,
		});
		current.advance(wait * 1000);
		expect((await change(user.headers, user.password)).statusCode).toBe(200);
	});

	it("10 for the account across sessions; the owner is told once; a right password does not count", async () => {
		current = await buildTestApp();
		const user = await seedUser(current.app);
		// A right one in between is given back.
		expect(
			(await api(app(), "POST", "/login/reauthenticate", { headers: user.headers, body: { password: user.password } }))
				.statusCode,
		).toBe(200);
		const sessions = [await newSession(app(), user), await newSession(app(), user), await newSession(app(), user)];
		for (let i = 0; i < 5; i++) expect((await change(sessions[0]!.headers, `guess-aaaa-${i}`)).statusCode).toBe(400);
		for (let i = 0; i < 5; i++) {
			const res = await api(app(), "POST", "/login/reauthenticate", {
				ip: nextIp(),
				headers: sessions[1]!.headers,
				body: { password: `guess-bbbb-${i}` },
			});
			expect(res.statusCode).toBe(400);
		}
		expectLimited(await change(sessions[2]!.headers, user.password), PASSWORDS_LIMITED);
		const notices = (await outbox(app(), current.dataDir)).filter((mail) => mail.subject === PASSWORDS_SUBJECT);
		expect(notices).toHaveLength(1);
		// The login itself is not this limit's business: the owner still signs in.
		expect((await loginForm(app(), user.email, user.password, { ip: nextIp() })).statusCode).toBe(200);
	});

	it("concurrent guesses cannot pass the limit: each try is counted before its hash", async () => {
		current = await buildTestApp();
		const user = await seedUser(current.app);
		const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => change(user.headers, `guess-number-${i}`)));
		expect(answers.map((res) => res.statusCode).sort()).toEqual([...Array(5).fill(400), ...Array(4).fill(429)]);
	});
});
