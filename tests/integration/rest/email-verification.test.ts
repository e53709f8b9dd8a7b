import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { accountTokens, auditEvents, users } from "../../../server/db/schema.ts";
import { isolate } from "../../../shared/i18n/direction.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { linkTokenOf, parseMail } from "../../helpers/eml.ts";
import { API, api, bearer, loginForm } from "../../helpers/http.ts";
import { countOf } from "../../helpers/raw-sql.ts";
import { settled } from "../../helpers/settled.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { seedUser, uniqueEmail } from "../../helpers/users.ts";

const PASSWORD = "a-good-password-1";
const HOUR = 3_600_000;

async function smtpApp(env: Record<string, string> = {}) {
	const smtp = await startSmtp();
	const testApp = await buildTestApp({
		env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), PUBLIC_URL: "https://portico.example", ...env },
	});
	return { ...testApp, smtp };
}

const signup = (app: FastifyInstance, email: string, headers: Record<string, string> = {}) =>
	api(app, "POST", "/users/signup", { headers, body: { email, password: PASSWORD, full_name: "Ada Lovelace" } });

const verify = (app: FastifyInstance, token: unknown, ip = "127.0.0.1") =>
	api(app, "POST", "/verify-email/", { body: { token }, ip });

const resend = (app: FastifyInstance, headers: Record<string, string>, extra: Record<string, string> = {}) =>
	api(app, "POST", "/users/me/verify-email", { headers: { ...headers, ...extra } });

/** The next message, parsed, checking it went to `to`. */
async function nextMailTo(smtp: TestSmtp, to: string) {
	const received = await smtp.next();
	expect(received.to).toEqual([to]);
	return parseMail(received.raw);
}

const verifiedFlag = async (app: FastifyInstance, email: string) =>
	(await first(app.deps.db.select().from(users).where(eq(users.email, email))))?.emailVerified;

describe("verification at sign-up (EMAIL_VERIFICATION=optional, the default)", () => {
	it("mails a one-day link whose token proves the address once; the user may log in before", async () => {
		const { app, smtp, db } = await smtpApp();
		const email = uniqueEmail("ada");
		const created = await signup(app, email);
		expect(created.statusCode).toBe(200);
		expect(created.json()).toMatchObject({ email, email_verified: false });

		const mail = await nextMailTo(smtp, email);
		expect(mail.subject).toBe("Verify your e-mail");
		expect(mail.html).toContain('href="https://portico.example/verify-email?token=');
		expect(mail.html).toContain(`Please confirm that ${isolate(email)} is the address of your Portico account.`);
		expect(mail.html).toContain("Hello Ada Lovelace,");
		expect(mail.text).toContain("https://portico.example/verify-email?token=");
		expect(mail.text).toContain("This link is valid for 1 day.");
		const token = linkTokenOf(mail, "/verify-email");
		expect(Buffer.from(token, "base64url")).toHaveLength(32);

		// Only its SHA-256 is kept, for this address and purpose.
		const stored = await db.select().from(accountTokens);
		expect(stored).toHaveLength(1);
		expect(stored[0]).toMatchObject({ purpose: "email_verify", email });
		expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(stored)).not.toContain(token);

		// Optional: an unproved address does not stop a login.
		const login = await loginForm(app, email, PASSWORD);
		expect(login.statusCode).toBe(200);
		const headers = bearer(login.json().access_token);

		const first = await verify(app, token);
		expect(first.statusCode).toBe(200);
		expect(first.json()).toEqual({ message: "Email verified" });
		expect((await api(app, "GET", "/users/me", { headers })).json()).toMatchObject({ email_verified: true });
		const again = await verify(app, token);
		expect(again.statusCode).toBe(400);
		expect(again.json()).toEqual({ detail: "Invalid token" });

		const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "email.verify"));
		expect(audit).toHaveLength(1);
		expect(audit[0]).toMatchObject({ actorEmail: email, subjectEmail: email, subjectId: created.json().id });
		expect(JSON.stringify(await db.select().from(auditEvents))).not.toContain(token);
	});

	it("writes the link in the sign-up request's language", async () => {
		const { app, smtp } = await smtpApp();
		const email = uniqueEmail("fr");
		await signup(app, email, { "accept-language": "fr-CA, en;q=0.5" });
		const french = await nextMailTo(smtp, email);
		expect(french.subject).toBe("Vérifiez votre adresse e-mail");
		expect(french.html).toContain('lang="fr"');
		expect(french.text).toContain("Ce lien est valable 1 jour.");

		const arabicEmail = uniqueEmail("ar");
		await signup(app, arabicEmail, { "accept-language": "ar" });
		const arabic = await nextMailTo(smtp, arabicEmail);
		expect(arabic.subject).toBe("تأكيد بريدك الإلكتروني");
		expect(arabic.html).toContain('dir="rtl"');
		expect(arabic.text).toContain("/verify-email?token=");
	});

	it("refuses an expired link, accepts one just before it expires", async () => {
		const { app, smtp, advance } = await smtpApp();
		const early = uniqueEmail();
		await signup(app, early);
		const earlyToken = linkTokenOf(await nextMailTo(smtp, early), "/verify-email");
		const late = uniqueEmail();
		await signup(app, late);
		const lateToken = linkTokenOf(await nextMailTo(smtp, late), "/verify-email");
		advance(24 * HOUR - 1000);
		expect((await verify(app, earlyToken)).statusCode).toBe(200);
		advance(1001);
		const expired = await verify(app, lateToken);
		expect(expired.statusCode).toBe(400);
		expect(expired.json()).toEqual({ detail: "Invalid token" });
		expect(await verifiedFlag(app, late)).toBe(false);
	});

	it("a newer link ends the older one", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app, { emailVerified: false });
		await resend(app, user.headers);
		const older = linkTokenOf(await nextMailTo(smtp, user.email), "/verify-email");
		await resend(app, user.headers);
		const newer = linkTokenOf(await nextMailTo(smtp, user.email), "/verify-email");
		expect(newer).not.toBe(older);
		expect((await verify(app, older)).json()).toEqual({ detail: "Invalid token" });
		expect((await verify(app, newer)).statusCode).toBe(200);
	});

	it("lets only one of two concurrent uses of a link win", async () => {
		const { app, smtp, db } = await smtpApp();
		const user = await seedUser(app, { emailVerified: false });
		await resend(app, user.headers);
		const token = linkTokenOf(await nextMailTo(smtp, user.email), "/verify-email");
		const answers = await Promise.all([verify(app, token), verify(app, token)]);
		expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
		expect(await db.select().from(auditEvents).where(eq(auditEvents.action, "email.verify"))).toHaveLength(1);
	});

	it("answers 400 for a token of any other shape and 422 without one; changes nothing", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { emailVerified: false });
		for (const token of ["", "short", "../../etc/passwd", "A".repeat(43), "A".repeat(44)]) {
			const answer = await verify(app, token);
			expect(answer.statusCode).toBe(400);
			expect(answer.json()).toEqual({ detail: "Invalid token" });
		}
		const missing = await api(app, "POST", "/verify-email/", { body: {} });
		expect(missing.statusCode).toBe(422);
		expect(missing.json().detail[0]).toMatchObject({ type: "missing", loc: ["body", "token"] });
		expect((await verify(app, 42)).statusCode).toBe(422);
		expect(await verifiedFlag(app, user.email)).toBe(false);
	});

	it("rate limits link use per IP (10 a minute)", async () => {
		const { app } = await buildTestApp();
		for (let i = 0; i < 10; i++) expect((await verify(app, "A".repeat(43), "10.3.0.1")).statusCode).toBe(400);
		const limited = await verify(app, "A".repeat(43), "10.3.0.1");
		expect(limited.statusCode).toBe(429);
		expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
		expect((await verify(app, "A".repeat(43), "10.3.0.2")).statusCode).toBe(400);
	});

	it("writes an .eml to the outbox when no SMTP is configured, whose link works", async () => {
		const { app, dataDir } = await buildTestApp({ env: { PUBLIC_URL: "http://portico.test:8080" } });
		const email = uniqueEmail();
		await signup(app, email);
		await settled(app);
		const outbox = join(dataDir, "outbox");
		const files = readdirSync(outbox).filter((name) => name.endsWith(".eml"));
		expect(files).toHaveLength(1);
		const mail = parseMail(readFileSync(join(outbox, files[0] as string), "utf8"));
		expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
		expect(mail.text).toContain("http://portico.test:8080/verify-email?token=");
		expect((await verify(app, linkTokenOf(mail, "/verify-email"))).statusCode).toBe(200);
		expect(await verifiedFlag(app, email)).toBe(true);
	});
});

describe("EMAIL_VERIFICATION=off", () => {
	it("sign-up sends nothing and the unproved address logs in; a user may still ask for a link", async () => {
		const { app, smtp } = await smtpApp({ EMAIL_VERIFICATION: "off" });
		const email = uniqueEmail();
		expect((await signup(app, email)).json()).toMatchObject({ email_verified: false });
		await settled(app);
		expect(smtp.received).toHaveLength(0);
		const login = await loginForm(app, email, PASSWORD);
		expect(login.statusCode).toBe(200);
		const asked = await resend(app, bearer(login.json().access_token));
		expect(asked.json()).toEqual({ message: "Verification email sent" });
		const token = linkTokenOf(await nextMailTo(smtp, email), "/verify-email");
		expect((await verify(app, token)).statusCode).toBe(200);
	});
});

describe("EMAIL_VERIFICATION=required", () => {
	it("refuses the login of an unproved address after the password check, and mails a fresh link", async () => {
		const { app, smtp, advance } = await smtpApp({ EMAIL_VERIFICATION: "required" });
		const email = uniqueEmail();
		await signup(app, email);
		const fromSignup = linkTokenOf(await nextMailTo(smtp, email), "/verify-email");

		// A wrong password answers as always: nothing says the address is unproved, nothing is sent.
		const wrong = await loginForm(app, email, "not-the-password");
		expect(wrong.statusCode).toBe(400);
		expect(wrong.json()).toEqual({ detail: "Incorrect email or password" });
		advance(2000);

		const refused = await loginForm(app, email, PASSWORD, { headers: { "accept-language": "fr" } });
		expect(refused.statusCode).toBe(400);
		expect(refused.json()).toEqual({ detail: "Email not verified" });
		const fresh = await nextMailTo(smtp, email);
		expect(fresh.subject).toBe("Vérifiez votre adresse e-mail");
		await settled(app);
		expect(smtp.received).toHaveLength(2);
		// The fresh link replaced the sign-up's.
		expect((await verify(app, fromSignup)).statusCode).toBe(400);
		expect((await verify(app, linkTokenOf(fresh, "/verify-email"))).statusCode).toBe(200);
		expect((await loginForm(app, email, PASSWORD)).statusCode).toBe(200);
	});

	it("lets verified accounts (admin-made, first start, older accounts) in, and the refusal opens no session", async () => {
		const { app, db } = await buildTestApp({ env: { EMAIL_VERIFICATION: "required" } });
		const verified = await seedUser(app);
		expect((await loginForm(app, verified.email, verified.password)).statusCode).toBe(200);
		const unverified = await seedUser(app, { emailVerified: false });
		const sessionsBefore = await countOf(db, "select count(*) as n from sessions");
		expect((await loginForm(app, unverified.email, unverified.password)).json()).toEqual({
			detail: "Email not verified",
		});
		expect(await countOf(db, "select count(*) as n from sessions")).toBe(sessionsBefore);
		expect(
			(await db.select().from(auditEvents)).filter(
				(row) => row.action === "auth.login" && row.subjectId === unverified.id,
			),
		).toHaveLength(0);
	});

	it("an inactive account still hears Inactive user first", async () => {
		const { app } = await buildTestApp({ env: { EMAIL_VERIFICATION: "required" } });
		const user = await seedUser(app, { emailVerified: false, isActive: false });
		expect((await loginForm(app, user.email, user.password)).json()).toEqual({ detail: "Inactive user" });
	});

	it("tRPC auth.login refuses with the reason EMAIL_NOT_VERIFIED", async () => {
		const { app } = await buildTestApp({ env: { EMAIL_VERIFICATION: "required" } });
		const user = await seedUser(app, { emailVerified: false });
		const res = await app.inject({
			method: "POST",
			url: "/trpc/auth.login",
			payload: { username: user.email, password: user.password },
		});
		expect(res.statusCode).toBe(400);
		expect(res.json().error.message).toBe("Email not verified");
		expect(res.json().error.data.reason).toBe("EMAIL_NOT_VERIFIED");
	});
});

describe("POST /users/me/verify-email", () => {
	it("re-sends a link in the request's language; an address already proved is a 400", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app, { emailVerified: false, fullName: null });
		const asked = await resend(app, user.headers, { "accept-language": "ar" });
		expect(asked.statusCode).toBe(200);
		expect(asked.json()).toEqual({ message: "Verification email sent" });
		const mail = await nextMailTo(smtp, user.email);
		expect(mail.subject).toBe("تأكيد بريدك الإلكتروني");
		// Without a name, the greeting uses the address.
		expect(mail.text).toContain(user.email);
		expect((await verify(app, linkTokenOf(mail, "/verify-email"))).statusCode).toBe(200);

		const again = await resend(app, user.headers);
		expect(again.statusCode).toBe(400);
		expect(again.json()).toEqual({ detail: "Email already verified" });
		await settled(app);
		expect(smtp.received).toHaveLength(1);
	});

	it("sends an account at most five links an hour (sign-up's included), then 429 with Retry-After", async () => {
		const { app, smtp, advance } = await smtpApp();
		const email = uniqueEmail();
		await signup(app, email);
		const headers = bearer((await loginForm(app, email, PASSWORD)).json().access_token);
		for (let i = 0; i < 4; i++) expect((await resend(app, headers)).statusCode).toBe(200);
		const limited = await resend(app, headers);
		expect(limited.statusCode).toBe(429);
		expect(limited.json()).toEqual({ detail: "Rate limit exceeded, please try again later" });
		expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
		await settled(app);
		expect(smtp.received).toHaveLength(5);
		advance(HOUR / 5);
		expect((await resend(app, headers)).statusCode).toBe(200);
		await settled(app);
		expect(smtp.received).toHaveLength(6);
	});

	it("needs a session", async () => {
		const { app } = await buildTestApp();
		const answer = await app.inject({ method: "POST", url: `${API}/users/me/verify-email` });
		expect(answer.statusCode).toBe(401);
	});
});

describe("PATCH /users/{id} email_verified", () => {
	it("lets a superuser mark an address proved or not, recorded as a changed field", async () => {
		const { app, db } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app, { emailVerified: false });
		const set = await api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { email_verified: true },
		});
		expect(set.statusCode).toBe(200);
		expect(set.json()).toMatchObject({ email_verified: true });
		const unset = await api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { email_verified: false },
		});
		expect(unset.json()).toMatchObject({ email_verified: false });
		const bad = await api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { email_verified: "yes" },
		});
		expect(bad.statusCode).toBe(422);
		expect(bad.json().detail[0]).toMatchObject({ loc: ["body", "email_verified"] });
		const updates = await db.select().from(auditEvents).where(eq(auditEvents.action, "admin.user_update"));
		expect(updates.map((row) => JSON.parse(row.details))).toEqual([
			{ fields: ["email_verified"] },
			{ fields: ["email_verified"] },
		]);
		// A plain user may not.
		const self = await api(app, "PATCH", `/users/${user.id}`, {
			headers: user.headers,
			body: { email_verified: true },
		});
		expect(self.statusCode).toBe(403);
		// PATCH /users/me ignores the field: nobody proves their own address by saying so.
		await api(app, "PATCH", "/users/me", { headers: user.headers, body: { email_verified: true } });
		expect(await verifiedFlag(app, user.email)).toBe(false);
	});
});

describe("a password reset link", () => {
	it("proves the address it reached: an unproved account is verified by setting a password through it", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app, { emailVerified: false });
		expect((await api(app, "POST", `/password-recovery/${user.email}`)).statusCode).toBe(200);
		const token = linkTokenOf(await nextMailTo(smtp, user.email), "/reset-password");
		expect(await verifiedFlag(app, user.email)).toBe(false);
		const reset = await api(app, "POST", "/reset-password/", { body: { token, new_password: "a-new-password-9" } });
		expect(reset.statusCode).toBe(200);
		expect(await verifiedFlag(app, user.email)).toBe(true);
	});
});
