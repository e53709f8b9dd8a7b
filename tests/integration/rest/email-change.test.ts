import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { accountTokens, auditEvents, users } from "../../../server/db/schema.ts";
import { isolate } from "../../../shared/i18n/direction.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { linkTokenOf, type ParsedMail, parseMail, resetTokenOf } from "../../helpers/eml.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { settled } from "../../helpers/settled.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { newSession, seedUser, type TestUser, uniqueEmail } from "../../helpers/users.ts";

const DAY = 86_400_000;

async function smtpApp(env: Record<string, string> = {}) {
	const smtp = await startSmtp();
	const testApp = await buildTestApp({
		env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), PUBLIC_URL: "https://portico.example", ...env },
	});
	return { ...testApp, smtp };
}

const changeEmail = (
	app: FastifyInstance,
	headers: Record<string, string>,
	email: string,
	extra: Record<string, string> = {},
) => api(app, "PATCH", "/users/me", { headers: { ...headers, ...extra }, body: { email } });

const revert = (app: FastifyInstance, token: unknown) => api(app, "POST", "/revert-email/", { body: { token } });

/** The messages of one change, by recipient (their order is not fixed). */
async function mailsOfChange(smtp: TestSmtp, count = 2): Promise<Map<string, ParsedMail>> {
	const byRecipient = new Map<string, ParsedMail>();
	for (let i = 0; i < count; i++) {
		const received = await smtp.next();
		byRecipient.set(received.to[0] as string, parseMail(received.raw));
	}
	return byRecipient;
}

const userRow = async (app: FastifyInstance, id: string) =>
	await first(app.deps.db.select().from(users).where(eq(users.id, id)));

describe("changing one's own e-mail", () => {
	it("is immediate and unproved; the new address gets a verification link, the old one a notice with a 7-day revert link", async () => {
		const { app, smtp, db } = await smtpApp();
		const user = await seedUser(app, { fullName: "Grace Hopper" });
		const newEmail = uniqueEmail("moved");
		const changed = await changeEmail(app, user.headers, newEmail);
		expect(changed.statusCode).toBe(200);
		expect(changed.json()).toMatchObject({ email: newEmail, email_verified: false });

		const mails = await mailsOfChange(smtp);
		const notice = mails.get(user.email) as ParsedMail;
		expect(notice.subject).toBe("Your e-mail was changed");
		expect(notice.html).toContain(`was changed to ${isolate(newEmail)}.`);
		expect(notice.html).toContain(">This wasn&#39;t me</a>");
		expect(notice.html).toContain('href="https://portico.example/revert-email?token=');
		expect(notice.text).toContain("https://portico.example/revert-email?token=");
		expect(notice.text).toContain("This link is valid for 7 days.");
		expect(notice.text).toContain("Hello Grace Hopper,");
		const verification = mails.get(newEmail) as ParsedMail;
		expect(verification.subject).toBe("Verify your e-mail");
		expect(verification.text).toContain(`${isolate(newEmail)} is the address`);

		const links = await db.select().from(accountTokens);
		expect(
			links.map(({ purpose, email }) => ({ purpose, email })).sort((a, b) => a.purpose.localeCompare(b.purpose)),
		).toEqual([
			{ purpose: "email_revert", email: user.email },
			{ purpose: "email_verify", email: newEmail },
		]);
		const audit = await first(db.select().from(auditEvents).where(eq(auditEvents.action, "email.change")));
		expect(audit).toMatchObject({ subjectEmail: newEmail, actorId: user.id });
		expect(JSON.parse(audit?.details ?? "{}")).toEqual({ from: user.email });

		// The verification link proves the new address.
		const token = linkTokenOf(verification, "/verify-email");
		expect((await api(app, "POST", "/verify-email/", { body: { token } })).statusCode).toBe(200);
		expect((await userRow(app, user.id))?.emailVerified).toBe(true);
	});

	it("writes both e-mails in the request's language", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		const newEmail = uniqueEmail("ar");
		await changeEmail(app, user.headers, newEmail, { "accept-language": "ar, en;q=0.1" });
		const mails = await mailsOfChange(smtp);
		const notice = mails.get(user.email) as ParsedMail;
		expect(notice.subject).toBe("تم تغيير بريدك الإلكتروني");
		expect(notice.html).toContain('dir="rtl"');
		expect(notice.html).toContain("لم أكن أنا");
		expect(notice.text).toContain("7 أيام");
		expect((mails.get(newEmail) as ParsedMail).subject).toBe("تأكيد بريدك الإلكتروني");
	});

	it("under EMAIL_VERIFICATION=off sends the notice but no verification link", async () => {
		const { app, smtp } = await smtpApp({ EMAIL_VERIFICATION: "off" });
		const user = await seedUser(app);
		const changed = await changeEmail(app, user.headers, uniqueEmail());
		expect(changed.json()).toMatchObject({ email_verified: false });
		await settled(app);
		expect(smtp.received.map((mail) => mail.to)).toEqual([[user.email]]);
		expect(parseMail(smtp.received[0]?.raw ?? "").subject).toBe("Your e-mail was changed");
	});

	it("ends the verification link of the old address (an address the account no longer has)", async () => {
		const { app, smtp, db } = await smtpApp();
		const user = await seedUser(app, { emailVerified: false });
		await api(app, "POST", "/users/me/verify-email", { headers: user.headers });
		const oldLink = linkTokenOf(parseMail((await smtp.next()).raw), "/verify-email");
		const newEmail = uniqueEmail();
		await changeEmail(app, user.headers, newEmail);
		await settled(app);
		// The unproved old address is told nothing and kept for nobody.
		expect(smtp.received.slice(1).map((mail) => mail.to)).toEqual([[newEmail]]);
		// Deleted outright, not merely useless.
		const stale = (await db.select().from(accountTokens)).filter((row) => row.email === user.email);
		expect(stale).toEqual([]);
		const answer = await api(app, "POST", "/verify-email/", { body: { token: oldLink } });
		expect(answer.statusCode).toBe(400);
		expect(answer.json()).toEqual({ detail: "Invalid token" });
		expect((await userRow(app, user.id))?.emailVerified).toBe(false);
	});

	it("does nothing and sends nothing when the e-mail is the same or only the name changes", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		await api(app, "PATCH", "/users/me", { headers: user.headers, body: { email: user.email, full_name: "New" } });
		await settled(app);
		expect(smtp.received).toHaveLength(0);
		expect((await userRow(app, user.id))?.emailVerified).toBe(true);
	});
});

/**
 * A thief's two changes: to an address of his (which he proves, so leaving it mails it a
 * revert link too), then to another. The links of the owner's address and of the thief's.
 */
async function twoChanges(app: FastifyInstance, smtp: TestSmtp, user: TestUser, second: string, third: string) {
	await changeEmail(app, user.headers, second);
	const first = await mailsOfChange(smtp);
	const firstLink = linkTokenOf(first.get(user.email) as ParsedMail, "/revert-email");
	const proof = linkTokenOf(first.get(second) as ParsedMail, "/verify-email");
	expect((await api(app, "POST", "/verify-email/", { body: { token: proof } })).statusCode).toBe(200);
	await changeEmail(app, user.headers, third);
	const secondLink = linkTokenOf((await mailsOfChange(smtp)).get(second) as ParsedMail, "/revert-email");
	return { firstLink, secondLink };
}

describe("POST /revert-email/ (This wasn't me)", () => {
	it("restores and proves the old address, ends every session and link, mails a reset link there", async () => {
		const { app, smtp, db } = await smtpApp();
		const user = await seedUser(app);
		const laptop = await newSession(app, user);
		const newEmail = uniqueEmail("thief");
		await changeEmail(app, user.headers, newEmail);
		const mails = await mailsOfChange(smtp);
		const token = linkTokenOf(mails.get(user.email) as ParsedMail, "/revert-email");
		const verifyLink = linkTokenOf(mails.get(newEmail) as ParsedMail, "/verify-email");

		const reverted = await api(app, "POST", "/revert-email/", {
			body: { token },
			headers: { "accept-language": "fr" },
			ip: "10.4.0.9",
		});
		expect(reverted.statusCode).toBe(200);
		expect(reverted.json()).toEqual({ message: "Email change reverted" });
		expect(await userRow(app, user.id)).toMatchObject({ email: user.email, emailVerified: true });

		// Every session ends, refresh tokens too.
		for (const headers of [user.headers, laptop.headers])
			expect((await api(app, "GET", "/users/me", { headers })).statusCode).toBe(401);
		const refresh = await api(app, "POST", "/login/refresh-token", { body: { refresh_token: laptop.refresh_token } });
		expect(refresh.statusCode).toBe(401);
		// Every link of the account is gone but the new reset link.
		expect(await db.select().from(accountTokens)).toHaveLength(0);
		expect((await api(app, "POST", "/verify-email/", { body: { token: verifyLink } })).statusCode).toBe(400);

		// The reset link goes to the restored address, in the language of the revert, and works.
		const reset = await smtp.next();
		expect(reset.to).toEqual([user.email]);
		const resetMail = parseMail(reset.raw);
		expect(resetMail.subject).toBe("Récupération du mot de passe");
		const changed = await api(app, "POST", "/reset-password/", {
			body: { token: resetTokenOf(resetMail), new_password: "taken-back-password" },
		});
		expect(changed.statusCode).toBe(200);
		expect((await loginForm(app, user.email, "taken-back-password")).statusCode).toBe(200);

		const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "email.change_reverted"));
		expect(audit).toHaveLength(1);
		expect(audit[0]).toMatchObject({ actorId: null, subjectId: user.id, subjectEmail: user.email, ip: "10.4.0.9" });
		expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({ from: newEmail });
		expect(JSON.stringify(await db.select().from(auditEvents))).not.toContain(token);

		// A link works once.
		const again = await revert(app, token);
		expect(again.statusCode).toBe(400);
		expect(again.json()).toEqual({ detail: "Invalid token" });
		await settled(app);
	});

	it("after two changes, the first address's link takes the account back and kills the thief's own link", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		const second = uniqueEmail("second");
		const third = uniqueEmail("third");
		const { firstLink, secondLink } = await twoChanges(app, smtp, user, second, third);
		expect((await revert(app, firstLink)).statusCode).toBe(200);
		expect((await userRow(app, user.id))?.email).toBe(user.email);
		expect((await revert(app, secondLink)).json()).toEqual({ detail: "Invalid token" });
		expect((await userRow(app, user.id))?.email).toBe(user.email);
		await settled(app);
	});

	it("after two changes, the thief spending the second address's link first does not void the owner's: the first still wins", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		const second = uniqueEmail("second");
		const third = uniqueEmail("third");
		const { firstLink, secondLink } = await twoChanges(app, smtp, user, second, third);
		expect((await revert(app, secondLink)).statusCode).toBe(200);
		expect((await userRow(app, user.id))?.email).toBe(second);
		expect((await smtp.next()).to).toEqual([second]);

		const owner = await revert(app, firstLink);
		expect(owner.statusCode).toBe(200);
		expect(await userRow(app, user.id)).toMatchObject({ email: user.email, emailVerified: true });
		const reset = await smtp.next();
		expect(reset.to).toEqual([user.email]);
		const taken = await api(app, "POST", "/reset-password/", {
			body: { token: resetTokenOf(parseMail(reset.raw)), new_password: "taken-back-password" },
		});
		expect(taken.statusCode).toBe(200);
		expect((await loginForm(app, user.email, "taken-back-password")).statusCode).toBe(200);
		await settled(app);
	});

	it("keeps the old address for its owner while the link lives: nobody else may sign up with it or move to it", async () => {
		const { app, smtp } = await smtpApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app);
		const other = await seedUser(app);
		await changeEmail(app, user.headers, uniqueEmail());
		await mailsOfChange(smtp);

		const signup = await api(app, "POST", "/users/signup", {
			body: { email: user.email, password: "squatter-pass-1" },
		});
		expect(signup.statusCode).toBe(400);
		expect(signup.json()).toEqual({ detail: "The user with this email already exists in the system" });
		const move = await changeEmail(app, other.headers, user.email);
		expect(move.statusCode).toBe(409);
		expect(move.json()).toEqual({ detail: "User with this email already exists" });
		const created = await api(app, "POST", "/users/", {
			headers: admin.headers,
			body: { email: user.email, password: "created-pass-1" },
		});
		expect(created.statusCode).toBe(400);
		const moved = await api(app, "PATCH", `/users/${other.id}`, {
			headers: admin.headers,
			body: { email: user.email },
		});
		expect(moved.statusCode).toBe(409);
		// The owner may move back to it by hand.
		expect((await changeEmail(app, user.headers, user.email.toUpperCase())).statusCode).toBe(200);
		await settled(app);

		// Once the link has expired, the address is free again.
		const { app: later, smtp: laterSmtp, advance: laterAdvance } = await smtpApp();
		const owner = await seedUser(later);
		await changeEmail(later, owner.headers, uniqueEmail());
		const link = linkTokenOf((await mailsOfChange(laterSmtp)).get(owner.email) as ParsedMail, "/revert-email");
		laterAdvance(7 * DAY + 1);
		expect((await revert(later, link)).json()).toEqual({ detail: "Invalid token" });
		const free = await api(later, "POST", "/users/signup", {
			body: { email: owner.email, password: "newcomer-pass-1" },
		});
		expect(free.statusCode).toBe(200);
		await settled(later);
	});

	it("answers 409 and keeps the link when the old address was taken anyway (written by hand); it works once freed", async () => {
		const { app, smtp, db } = await smtpApp();
		const user = await seedUser(app);
		await changeEmail(app, user.headers, uniqueEmail());
		const token = linkTokenOf((await mailsOfChange(smtp)).get(user.email) as ParsedMail, "/revert-email");
		const squatter = randomUUID();
		await db.insert(users).values({ id: squatter, email: user.email, hashedPassword: "x", createdAt: Date.now() });
		const taken = await revert(app, token);
		expect(taken.statusCode).toBe(409);
		expect(taken.json()).toEqual({ detail: "User with this email already exists" });
		// Nothing changed: the account keeps its sessions.
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(200);
		await db.delete(users).where(eq(users.id, squatter));
		expect((await revert(app, token)).statusCode).toBe(200);
		await settled(app);
	});

	it("refuses a deactivated account with Inactive user and changes nothing", async () => {
		const { app, smtp, db } = await smtpApp();
		const user = await seedUser(app);
		const newEmail = uniqueEmail();
		await changeEmail(app, user.headers, newEmail);
		const token = linkTokenOf((await mailsOfChange(smtp)).get(user.email) as ParsedMail, "/revert-email");
		await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
		const answer = await revert(app, token);
		expect(answer.statusCode).toBe(400);
		expect(answer.json()).toEqual({ detail: "Inactive user" });
		expect((await userRow(app, user.id))?.email).toBe(newEmail);
	});

	it("refuses an expired link (7 days), a malformed one, a verification link; 422 without a token", async () => {
		const { app, smtp, advance } = await smtpApp();
		const user = await seedUser(app);
		const newEmail = uniqueEmail();
		await changeEmail(app, user.headers, newEmail);
		const mails = await mailsOfChange(smtp);
		const token = linkTokenOf(mails.get(user.email) as ParsedMail, "/revert-email");
		// A verification token is not a revert token (nor the other way round).
		expect((await revert(app, linkTokenOf(mails.get(newEmail) as ParsedMail, "/verify-email"))).statusCode).toBe(400);
		expect((await api(app, "POST", "/verify-email/", { body: { token } })).statusCode).toBe(400);
		for (const bad of ["", "nope", "B".repeat(43)])
			expect((await revert(app, bad)).json()).toEqual({ detail: "Invalid token" });
		expect((await api(app, "POST", "/revert-email/", { body: {} })).statusCode).toBe(422);
		advance(7 * DAY + 1);
		expect((await revert(app, token)).json()).toEqual({ detail: "Invalid token" });
		expect((await userRow(app, user.id))?.email).toBe(newEmail);
	});
});

describe("an admin changing a user's e-mail", () => {
	it("ends the verification link of the old address too (no new link replaces it)", async () => {
		const { app, db } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app, { emailVerified: false });
		await api(app, "POST", "/users/me/verify-email", { headers: user.headers });
		expect(await db.select().from(accountTokens)).toHaveLength(1);
		await api(app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { email: uniqueEmail() } });
		expect(await db.select().from(accountTokens)).toHaveLength(0);
		await settled(app);
	});

	it("counts the new address as verified and tells the old one, in the admin's language, without a revert link", async () => {
		const { app, smtp, db } = await smtpApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app, { emailVerified: false, fullName: "Alan Turing" });
		const newEmail = uniqueEmail("by-admin");
		const changed = await api(app, "PATCH", `/users/${user.id}`, {
			headers: { ...admin.headers, "accept-language": "fr" },
			body: { email: newEmail },
		});
		expect(changed.json()).toMatchObject({ email: newEmail, email_verified: true });
		const received = await smtp.next();
		expect(received.to).toEqual([user.email]);
		const notice = parseMail(received.raw);
		expect(notice.subject).toBe("Votre adresse e-mail a été modifiée");
		expect(notice.text).toContain(
			`Un administrateur a remplacé l'adresse e-mail de votre compte Portico par ${isolate(newEmail)}.`,
		);
		expect(notice.text).toContain("contactez votre administrateur");
		expect(notice.text).not.toContain("revert-email");
		await settled(app);
		expect(smtp.received).toHaveLength(1);
		expect(await db.select().from(accountTokens)).toHaveLength(0);

		// Unless the same request says otherwise; a name change tells nobody.
		const unproved = await api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { email: uniqueEmail(), email_verified: false, full_name: "A. Turing" },
		});
		expect(unproved.json()).toMatchObject({ email_verified: false });
		await api(app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { full_name: "Turing" } });
		await settled(app);
		expect(smtp.received).toHaveLength(2);
	});
});
