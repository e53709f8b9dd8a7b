import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resetTokens } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { parseMail, resetTokenOf } from "../../helpers/eml.ts";
import { API } from "../../helpers/http.ts";
import { rawAll, rawRun } from "../../helpers/raw-sql.ts";
import { settled } from "../../helpers/settled.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { seedUser } from "../../helpers/users.ts";

const NEW_PASSWORD = "a-brand-new-secret";

async function smtpApp() {
	const smtp = await startSmtp();
	const testApp = await buildTestApp({
		env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), PUBLIC_URL: "https://portico.example" },
	});
	return { ...testApp, smtp };
}

const recover = (
	app: Awaited<ReturnType<typeof buildTestApp>>["app"],
	email: string,
	headers: Record<string, string> = {},
) => app.inject({ method: "POST", url: `${API}/password-recovery/${encodeURIComponent(email)}`, headers });

const reset = (app: Awaited<ReturnType<typeof buildTestApp>>["app"], body: object, ip = "127.0.0.1") =>
	app.inject({ method: "POST", url: `${API}/reset-password/`, payload: body, remoteAddress: ip });

const login = (app: Awaited<ReturnType<typeof buildTestApp>>["app"], username: string, password: string) =>
	app.inject({
		method: "POST",
		url: `${API}/login/access-token`,
		headers: { "content-type": "application/x-www-form-urlencoded" },
		payload: new URLSearchParams({ username, password }).toString(),
	});

describe("password recovery over SMTP", () => {
	it("mails a link that resets the password once, ends every session and lets the new password in", async () => {
		const { app, smtp, advance } = await smtpApp();
		const user = await seedUser(app, { fullName: "Ada <Lovelace>" });
		const other = await app.inject({ method: "GET", url: `${API}/users/me`, headers: user.headers });
		expect(other.statusCode).toBe(200);

		const answer = await recover(app, user.email.toUpperCase());
		expect(answer.statusCode).toBe(200);
		expect(answer.json()).toEqual({ message: "Password recovery email sent" });

		const mail = parseMail((await smtp.next()).raw);
		expect(mail.subject).toBe("Password recovery");
		expect(mail.headers.to).toContain(user.email);
		expect(mail.html).toContain('href="https://portico.example/reset-password?token=');
		expect(mail.html).toContain("Ada &lt;Lovelace&gt;");
		expect(mail.html).not.toContain("<Lovelace>");
		expect(mail.text).toContain("valid for 60 minutes");
		const token = resetTokenOf(mail);
		expect(Buffer.from(token, "base64url")).toHaveLength(32);

		const first = await reset(app, { token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
		expect(first.statusCode).toBe(200);
		expect(first.json()).toEqual({ message: "Password updated successfully" });
		const second = await reset(app, { token, new_password: "yet-another-secret" });
		expect(second.statusCode).toBe(400);
		expect(second.json()).toEqual({ detail: "Invalid token" });

		const old = await app.inject({ method: "GET", url: `${API}/users/me`, headers: user.headers });
		expect(old.statusCode).toBe(401);
		const refresh = await app.inject({
			method: "POST",
			url: `${API}/login/refresh-token`,
			payload: { refresh_token: user.refreshToken },
		});
		expect(refresh.statusCode).toBe(401);
		expect((await login(app, user.email, user.password)).statusCode).toBe(400);
		advance(2000); // past the per-account back-off the failed login just started
		expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
	});

	it("keeps the token only as a SHA-256 hash", async () => {
		const { app, smtp, db } = await smtpApp();
		const user = await seedUser(app);
		await recover(app, user.email);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		const rows = await rawAll<{ token_hash: string }>(db, "select token_hash from reset_tokens");
		expect(rows).toHaveLength(1);
		expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(rows)).not.toContain(token);
	});

	it("refuses an expired token", async () => {
		const { app, smtp, advance } = await smtpApp();
		const user = await seedUser(app);
		await recover(app, user.email);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		advance(60 * 60_000 + 1);
		const answer = await reset(app, { token, new_password: NEW_PASSWORD });
		expect(answer.statusCode).toBe(400);
		expect(answer.json()).toEqual({ detail: "Invalid token" });
		expect((await login(app, user.email, user.password)).statusCode).toBe(200);
	});

	it("accepts a token just before it expires", async () => {
		const { app, smtp, advance } = await smtpApp();
		const user = await seedUser(app);
		await recover(app, user.email);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		advance(60 * 60_000 - 1000);
		expect((await reset(app, { token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
	});

	it("kills the older token when a newer one is issued", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		await recover(app, user.email);
		const older = resetTokenOf(parseMail((await smtp.next()).raw));
		await recover(app, user.email);
		const newer = resetTokenOf(parseMail((await smtp.next()).raw));
		expect(newer).not.toBe(older);
		expect((await reset(app, { token: older, new_password: NEW_PASSWORD })).json()).toEqual({
			detail: "Invalid token",
		});
		expect((await reset(app, { token: newer, new_password: NEW_PASSWORD })).statusCode).toBe(200);
	});

	it("kills outstanding tokens when the password changes another way", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		await recover(app, user.email);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		const change = await app.inject({
			method: "PATCH",
			url: `${API}/users/me/password`,
			headers: user.headers,
			payload: { current_password: user.password, new_password: "changed-by-hand-1" },
		});
		expect(change.statusCode).toBe(200);
		expect((await reset(app, { token, new_password: NEW_PASSWORD })).statusCode).toBe(400);
	});

	it("lets only one of two concurrent uses of a token win", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		await recover(app, user.email);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		const answers = await Promise.all([
			reset(app, { token, new_password: "first-racer-secret" }),
			reset(app, { token, new_password: "second-racer-secret" }),
		]);
		expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
	});

	it("gives the same answer for an unknown e-mail and an inactive user, and sends nothing", async () => {
		const { app, smtp } = await smtpApp();
		const inactive = await seedUser(app, { isActive: false });
		const unknown = await recover(app, "nobody@example.com");
		const sleeping = await recover(app, inactive.email);
		for (const answer of [unknown, sleeping]) {
			expect(answer.statusCode).toBe(200);
			expect(answer.json()).toEqual({ message: "Password recovery email sent" });
		}
		await settled(app);
		expect(smtp.received).toHaveLength(0);
	});

	it("answers a known e-mail without waiting for the mail to be delivered (so no faster for an unknown one)", async () => {
		let release = () => {};
		const hold = new Promise<void>((resolve) => {
			release = resolve;
		});
		const smtp = await startSmtp({ hold });
		const { app } = await buildTestApp({ env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) } });
		const user = await seedUser(app);
		// The mail server does not acknowledge the message until released: a reply that
		// waited for delivery would never come.
		const stalled = new Promise<never>((_, reject) =>
			setTimeout(() => reject(new Error("the reply waited for the mail")), 10_000),
		);
		const answer = await Promise.race([recover(app, user.email), stalled]);
		expect(answer.statusCode).toBe(200);
		expect(smtp.received).toHaveLength(0);
		release();
		expect((await smtp.next()).to).toEqual([user.email]);
		await settled(app);
	});

	it("refuses a reset for a user deactivated after the link was sent", async () => {
		const { app, smtp, db } = await smtpApp();
		const user = await seedUser(app);
		await recover(app, user.email);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		await rawRun(db, "update users set is_active = false where id = ?", [user.id]);
		const answer = await reset(app, { token, new_password: NEW_PASSWORD });
		expect(answer.statusCode).toBe(400);
		expect(answer.json()).toEqual({ detail: "Inactive user" });
	});

	it("clears the per-account login back-off", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		expect((await login(app, user.email, "wrong-password-1")).statusCode).toBe(400);
		expect((await login(app, user.email, "wrong-password-2")).statusCode).toBe(429);
		await recover(app, user.email);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		expect((await reset(app, { token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
		expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
	});

	it("writes the e-mail in the request's language", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		await recover(app, user.email, { "accept-language": "de-DE, ar;q=0.9, fr;q=0.8" });
		const arabic = parseMail((await smtp.next()).raw);
		expect(arabic.subject).toBe("استعادة كلمة المرور");
		expect(arabic.html).toContain('dir="rtl"');
		expect(arabic.html).toContain('lang="ar"');
		expect(arabic.text).toContain("60 دقيقة");

		await recover(app, user.email, { "accept-language": "ar;q=0.5, fr-CA;q=0.9" });
		const french = parseMail((await smtp.next()).raw);
		expect(french.subject).toBe("Récupération du mot de passe");
		expect(french.html).toContain('dir="ltr"');
		expect(french.text).toContain("valable 60 minutes");

		await recover(app, user.email, { "accept-language": "de, *;q=0.1" });
		expect(parseMail((await smtp.next()).raw).subject).toBe("Password recovery");
	});

	it("states the validity from RESET_TOKEN_TTL", async () => {
		const smtp = await startSmtp();
		const { app } = await buildTestApp({
			env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), RESET_TOKEN_TTL: "15m" },
		});
		const user = await seedUser(app);
		await recover(app, user.email);
		expect(parseMail((await smtp.next()).raw).text).toContain("valid for 15 minutes");
	});
});

describe("password recovery: limits and validation", () => {
	it("rate limits recovery requests per IP with 429 and Retry-After", async () => {
		const { app } = await buildTestApp();
		const answers = [];
		for (let i = 0; i < 6; i++) answers.push(await recover(app, `someone-${i}@example.com`));
		expect(answers.slice(0, 5).every((a) => a.statusCode === 200)).toBe(true);
		const limited = answers[5];
		expect(limited?.statusCode).toBe(429);
		expect(limited?.json()).toEqual({ detail: "Rate limit exceeded, please try again later" });
		expect(Number(limited?.headers["retry-after"])).toBeGreaterThan(0);
	});

	it("rate limits reset attempts per IP", async () => {
		const { app } = await buildTestApp();
		const token = "A".repeat(43);
		for (let i = 0; i < 5; i++) expect((await reset(app, { token, new_password: NEW_PASSWORD })).statusCode).toBe(400);
		const limited = await reset(app, { token, new_password: NEW_PASSWORD });
		expect(limited.statusCode).toBe(429);
		expect(limited.headers["retry-after"]).toBeDefined();
	});

	it("answers 422 for a bad reset body and 400 for a token of the wrong shape", async () => {
		const { app } = await buildTestApp();
		const short = await reset(app, { token: "x".repeat(43), new_password: "short" });
		expect(short.statusCode).toBe(422);
		expect(short.json().detail[0]).toMatchObject({
			loc: ["body", "new_password"],
			msg: "Password must be at least 8 characters",
		});
		const mismatch = await reset(app, {
			token: "x".repeat(43),
			new_password: NEW_PASSWORD,
			confirm_password: "other-one-123",
		});
		expect(mismatch.statusCode).toBe(422);
		expect((await reset(app, { new_password: NEW_PASSWORD })).statusCode).toBe(422);
		const odd = await reset(app, { token: "../../etc/passwd", new_password: NEW_PASSWORD });
		expect(odd.statusCode).toBe(400);
		expect(odd.json()).toEqual({ detail: "Invalid token" });
	});

	it("gives a malformed e-mail the same answer as any other, as the FastAPI template does", async () => {
		const { app } = await buildTestApp();
		const answer = await recover(app, "not-an-email");
		expect(answer.statusCode).toBe(200);
		expect(answer.json()).toEqual({ message: "Password recovery email sent" });
	});
});

describe("password recovery through the outbox", () => {
	it("writes an RFC 5322 .eml whose link resets the password", async () => {
		const { app, dataDir } = await buildTestApp({ env: { PUBLIC_URL: "http://portico.test:8080" } });
		const user = await seedUser(app);
		expect((await recover(app, user.email, { host: "evil.example" })).statusCode).toBe(200);
		await settled(app);
		const outbox = join(dataDir, "outbox");
		const files = readdirSync(outbox);
		expect(files).toHaveLength(1);
		expect(files[0]).toMatch(/\.eml$/);
		const raw = readFileSync(join(outbox, files[0] as string), "utf8");
		expect(raw).toContain("\r\n");
		expect(raw).toMatch(/^(.+\r\n)*Message-ID: /im);
		expect(raw).toMatch(/^Date: /m);
		const mail = parseMail(raw);
		expect(mail.headers.to).toContain(user.email);
		expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
		expect(mail.text).toContain("http://portico.test:8080/reset-password?token=");
		expect(mail.html).not.toContain("evil.example");
		const token = resetTokenOf(mail);
		expect((await reset(app, { token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
		expect((await reset(app, { token, new_password: NEW_PASSWORD })).statusCode).toBe(400);
		expect((await app.inject({ method: "GET", url: `${API}/users/me`, headers: user.headers })).statusCode).toBe(401);
		expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
	});
});

describe("password recovery over tRPC", () => {
	it("recoverPassword and resetPassword do the same as REST", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		const asked = await app.inject({
			method: "POST",
			url: "/trpc/auth.recoverPassword",
			payload: { email: user.email },
			headers: { "accept-language": "fr" },
		});
		expect(asked.statusCode).toBe(200);
		expect(asked.json().result.data).toEqual({ message: "Password recovery email sent" });
		const mail = parseMail((await smtp.next()).raw);
		expect(mail.subject).toBe("Récupération du mot de passe");
		const token = resetTokenOf(mail);
		const bad = await app.inject({
			method: "POST",
			url: "/trpc/auth.resetPassword",
			payload: { token, new_password: NEW_PASSWORD, confirm_password: "not-the-same-1" },
		});
		expect(bad.statusCode).toBe(400);
		const done = await app.inject({
			method: "POST",
			url: "/trpc/auth.resetPassword",
			payload: { token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
		});
		expect(done.json().result.data).toEqual({ message: "Password updated successfully" });
		const again = await app.inject({
			method: "POST",
			url: "/trpc/auth.resetPassword",
			payload: { token, new_password: NEW_PASSWORD },
		});
		expect(again.statusCode).toBe(400);
		expect(again.json().error.message).toBe("Invalid token");
		expect(again.json().error.data.reason).toBe("INVALID_RESET_TOKEN");
	});
});

describe("password recovery: what an observer cannot learn, what a flood cannot do", () => {
	it("answers before anything about the account is looked at: no link exists yet when the reply comes", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const links = async () => (await db.select().from(resetTokens)).length;
		const known = await recover(app, user.email);
		// Same reply, and the same work done for it: the lookup, the link and the mail come after.
		expect(await links()).toBe(0);
		const unknown = await recover(app, "ghost@example.com");
		expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
		expect(known.body).toBe(unknown.body);
		await settled(app);
		expect(await links()).toBe(1);
	});

	it("sends an account at most three links an hour, whoever asks, so the last one stays valid", async () => {
		const { app, smtp, advance } = await smtpApp();
		const user = await seedUser(app);
		for (let i = 1; i <= 5; i++) {
			const res = await app.inject({
				method: "POST",
				url: `${API}/password-recovery/${user.email}`,
				remoteAddress: `10.60.0.${i}`,
			});
			expect(res.statusCode).toBe(200);
		}
		await settled(app);
		expect(smtp.received).toHaveLength(3);
		const third = resetTokenOf(parseMail(smtp.received[2]?.raw ?? ""));
		expect((await reset(app, { token: third, new_password: NEW_PASSWORD })).statusCode).toBe(200);
		// An hour later the account may ask again (the reset itself sent a "password changed" notice).
		advance(3_600_000);
		await recover(app, user.email);
		await settled(app);
		const links = smtp.received.filter((mail) => parseMail(mail.raw).subject === "Password recovery");
		expect(links).toHaveLength(4);
	});

	it.each([
		["its owner", "me"],
		["an admin", "admin"],
	])("a link mailed to the old address dies when %s changes the e-mail", async (_who, by) => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		const admin = await seedUser(app, { isSuperuser: true });
		await recover(app, user.email);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		const change =
			by === "me"
				? await app.inject({
						method: "PATCH",
						url: `${API}/users/me`,
						headers: user.headers,
						payload: { email: "new-address@example.com" },
					})
				: await app.inject({
						method: "PATCH",
						url: `${API}/users/${user.id}`,
						headers: admin.headers,
						payload: { email: "new-address@example.com" },
					});
		expect(change.statusCode).toBe(200);
		const res = await reset(app, { token, new_password: NEW_PASSWORD });
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual({ detail: "Invalid token" });
	});
});
