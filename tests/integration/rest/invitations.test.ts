import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { auditEvents, users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { parseMail, resetTokenOf } from "../../helpers/eml.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { mutate } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

const DAY = 24 * 60 * 60 * 1000;
const CHOSEN = "my-own-first-password";

async function smtpApp() {
	const smtp = await startSmtp();
	const testApp = await buildTestApp({
		env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), PUBLIC_URL: "https://portico.example" },
	});
	const admin = await seedAdmin(testApp.app);
	const invite = (email: string, headers: Record<string, string> = {}) =>
		api(testApp.app, "POST", "/users/", {
			headers: { ...admin.headers, ...headers },
			body: { email, full_name: "Invited Person", invite: true },
		});
	const resend = (id: string) => api(testApp.app, "POST", `/users/${id}/invite`, { headers: admin.headers });
	return { ...testApp, smtp, admin, invite, resend };
}

const setPassword = (app: FastifyInstance, token: string, password = CHOSEN) =>
	api(app, "POST", "/reset-password/", { body: { token, new_password: password } });

describe("invitations", () => {
	it("an invited user cannot log in until the e-mailed link sets their password, then can", async () => {
		const { app, smtp, invite, advance } = await smtpApp();
		const res = await invite("New.Person@Example.com");
		expect(res.statusCode).toBe(200);
		expect(res.json()).toMatchObject({ email: "new.person@example.com", is_active: true, email_verified: true });

		// The answer is a wrong password's, for any password, the empty-looking one included.
		const wrong = await seedUser(app);
		const refused = await loginForm(app, "new.person@example.com", "anything-at-all", { ip: "10.0.0.1" });
		const wrongPassword = await loginForm(app, wrong.email, "anything-at-all", { ip: "10.0.0.2" });
		expect(refused.statusCode).toBe(400);
		expect(refused.json()).toEqual(wrongPassword.json());
		expect(refused.json()).toEqual({ detail: "Incorrect email or password" });
		const stored = await first(app.deps.db.select().from(users).where(eq(users.email, "new.person@example.com")));
		// Not even what the account stores in place of a hash.
		for (const guess of [stored?.hashedPassword ?? "?", "null"]) {
			advance(301_000); // past the back-off
			expect((await loginForm(app, "new.person@example.com", guess)).statusCode).toBe(400);
		}
		expect(stored?.hashedPassword).not.toMatch(/^\$argon2/);

		const mail = parseMail((await smtp.next()).raw);
		expect(mail.headers.to).toContain("new.person@example.com");
		expect(mail.subject).toBe("Set your password");
		expect(mail.text).toContain("You will sign in with new.person@example.com.");
		expect(mail.text).toContain("This link is valid for 7 days.");
		expect(mail.html).toContain('href="https://portico.example/reset-password?token=');
		const token = resetTokenOf(mail);

		expect((await setPassword(app, token)).json()).toEqual({ message: "Password updated successfully" });
		advance(301_000);
		const login = await loginForm(app, "new.person@example.com", CHOSEN);
		expect(login.statusCode).toBe(200);
		expect((await setPassword(app, token, "a-second-try-password")).statusCode).toBe(400);
	});

	it("writes the e-mail in the inviting admin's language (their request's Accept-Language)", async () => {
		const { smtp, invite } = await smtpApp();
		await invite("fr@example.com", { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" });
		const french = parseMail((await smtp.next()).raw);
		expect(french.subject).toBe("Choisissez votre mot de passe");
		expect(french.text).toContain("Ce lien est valable 7 jours.");
		await invite("ar@example.com", { "accept-language": "ar" });
		const arabic = parseMail((await smtp.next()).raw);
		expect(arabic.subject).toBe("عيّن كلمة مرورك");
		expect(arabic.html).toContain('dir="rtl"');
	});

	it("the link works for 7 days and not after", async () => {
		const { app, smtp, invite, advance } = await smtpApp();
		await invite("early@example.com");
		const early = resetTokenOf(parseMail((await smtp.next()).raw));
		await invite("late@example.com");
		const late = resetTokenOf(parseMail((await smtp.next()).raw));
		advance(7 * DAY - 60_000);
		expect((await setPassword(app, early)).statusCode).toBe(200);
		advance(2 * 60_000);
		expect((await setPassword(app, late)).json()).toEqual({ detail: "Invalid token" });
	});

	it("a re-send kills the older link; a user with a password or an unknown id is refused", async () => {
		const { app, smtp, invite, resend } = await smtpApp();
		const id = (await invite("again@example.com")).json().id as string;
		const first = resetTokenOf(parseMail((await smtp.next()).raw));
		const again = await resend(id);
		expect(again.statusCode).toBe(200);
		expect(again.json()).toEqual({ message: "Invitation sent" });
		const second = resetTokenOf(parseMail((await smtp.next()).raw));
		expect(second).not.toBe(first);
		expect((await setPassword(app, first)).json()).toEqual({ detail: "Invalid token" });
		expect((await setPassword(app, second)).statusCode).toBe(200);

		const done = await resend(id);
		expect(done.statusCode).toBe(409);
		expect(done.json()).toEqual({ detail: "The user has already set a password" });
		const user = await seedUser(app);
		expect((await resend(user.id)).json()).toEqual({ detail: "The user has already set a password" });
		const ghost = await resend("3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b");
		expect(ghost.statusCode).toBe(404);
		expect(ghost.json()).toEqual({ detail: "User not found" });
		expect((await resend("not-a-uuid")).statusCode).toBe(422);
		expect(smtp.received).toHaveLength(2);
	});

	it("audits the creation and each invitation, by the admin on the user, without the link", async () => {
		const { app, smtp, admin, invite, resend } = await smtpApp();
		const id = (await invite("audited@example.com")).json().id as string;
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		await resend(id);
		await smtp.next();
		const rows = await app.deps.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
		expect(rows.map((row) => [row.action, row.actorId, row.subjectEmail, JSON.parse(row.details)])).toEqual([
			["admin.user_create", admin.id, "audited@example.com", { is_superuser: false, is_active: true, invited: true }],
			["admin.user_invite", admin.id, "audited@example.com", { resent: false }],
			["admin.user_invite", admin.id, "audited@example.com", { resent: true }],
		]);
		expect(JSON.stringify(rows)).not.toContain(token);
	});

	it("takes a password or an invitation: 422 for neither or both, and nothing is created", async () => {
		const { app, admin, smtp } = await smtpApp();
		const post = (body: object) => api(app, "POST", "/users/", { headers: admin.headers, body });
		const neither = await post({ email: "neither@example.com" });
		expect(neither.statusCode).toBe(422);
		expect(neither.json().detail).toEqual([
			{ type: "missing", loc: ["body", "password"], msg: "Password is required", input: null },
		]);
		const falseInvite = await post({ email: "neither@example.com", invite: false });
		expect(falseInvite.json().detail).toEqual([expect.objectContaining({ loc: ["body", "password"] })]);
		const both = await post({ email: "both@example.com", password: "a-good-password", invite: true });
		expect(both.statusCode).toBe(422);
		expect(both.json().detail).toEqual([
			{
				type: "value_error",
				loc: ["body", "invite"],
				msg: "Send either a password or an invitation, not both",
				input: true,
			},
		]);
		const notBoolean = await post({ email: "x@example.com", invite: "yes" });
		expect(notBoolean.json().detail).toEqual(
			expect.arrayContaining([expect.objectContaining({ loc: ["body", "invite"], msg: "Must be true or false" })]),
		);
		// Both problems of a bad request at once, as before.
		const twice = await post({ email: "nope" });
		expect(twice.json().detail.map((d: { loc: string[] }) => d.loc.join("."))).toEqual(["body.email", "body.password"]);
		const plain = await post({ email: "plain@example.com", password: "a-good-password", invite: false });
		expect(plain.statusCode).toBe(200);
		expect((await api(app, "GET", "/users/", { headers: admin.headers })).json().count).toBe(2);
		expect(smtp.received).toHaveLength(0);
	});

	it("tRPC admin.create with invite and admin.invite do what REST does", async () => {
		const { app, smtp, admin } = await smtpApp();
		const headers = { ...admin.headers, "accept-language": "fr" };
		const created = await mutate(app, "admin.create", { email: "t@example.com", invite: true }, { headers });
		const id = (created.data as { id: string }).id;
		const first = parseMail((await smtp.next()).raw);
		expect(first.subject).toBe("Choisissez votre mot de passe");
		expect((await mutate(app, "admin.invite", { user_id: id }, { headers })).data).toEqual({
			message: "Invitation sent",
		});
		const second = resetTokenOf(parseMail((await smtp.next()).raw));
		expect((await setPassword(app, resetTokenOf(first))).statusCode).toBe(400);
		expect((await setPassword(app, second)).statusCode).toBe(200);
		const refused = await mutate(app, "admin.invite", { user_id: id }, { headers });
		expect(refused.error).toMatchObject({ code: "CONFLICT", reason: "USER_HAS_PASSWORD" });
	});
});
