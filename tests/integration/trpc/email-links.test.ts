import { describe, expect, it } from "vitest";
import { issueAccountToken, REVERT_LINK_TTL_MS } from "../../../server/services/links/email-links.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { linkTokenOf, type ParsedMail, parseMail } from "../../helpers/eml.ts";
import { addPasskey } from "../../helpers/passkeys.ts";
import { countOf, rawGet } from "../../helpers/raw-sql.ts";
import { settled } from "../../helpers/settled.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { mutate, mutateUnchecked, query } from "../../helpers/trpc.ts";
import { enableTwoFactor } from "../../helpers/two-factor.ts";
import { seedUser, uniqueEmail } from "../../helpers/users.ts";

async function smtpApp(env: Record<string, string> = {}) {
	const smtp = await startSmtp();
	const testApp = await buildTestApp({ env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), ...env } });
	return { ...testApp, smtp };
}

describe("e-mail verification over tRPC", () => {
	it("users.emailVerification tells the app the server's mode", async () => {
		for (const mode of ["off", "optional", "required"] as const) {
			const { app } = await buildTestApp({ env: { EMAIL_VERIFICATION: mode } });
			const user = await seedUser(app);
			expect((await query(app, "users.emailVerification", undefined, { headers: user.headers })).data).toEqual({
				mode,
			});
		}
	});

	it("users.resendVerification and auth.verifyEmail do what REST does, with the same refusals", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app, { emailVerified: false });
		const options = { headers: { ...user.headers, "accept-language": "fr" } };
		const sent = await mutate(app, "users.resendVerification", undefined, options);
		expect(sent.data).toEqual({ message: "Verification email sent" });
		const mail = parseMail((await smtp.next()).raw);
		expect(mail.subject).toBe("Vérifiez votre adresse e-mail");
		const token = linkTokenOf(mail, "/verify-email");

		const done = await mutate(app, "auth.verifyEmail", { token });
		expect(done.data).toEqual({ message: "Email verified" });
		const again = await mutate(app, "auth.verifyEmail", { token });
		expect(again.error).toMatchObject({ code: "BAD_REQUEST", message: "Invalid token", reason: "INVALID_EMAIL_TOKEN" });
		const bad = await mutateUnchecked(app, "auth.verifyEmail", { token: 7 });
		expect(bad.status).toBe(400);
		expect(bad.error?.issues).toBeTruthy();

		const verified = await mutate(app, "users.resendVerification", undefined, options);
		expect(verified.error).toMatchObject({ message: "Email already verified", reason: "EMAIL_ALREADY_VERIFIED" });
		const me = await query(app, "users.me", undefined, { headers: user.headers });
		expect(me.data).toMatchObject({ email_verified: true });
	});

	it("users.resendVerification is limited to five an hour (TOO_MANY_REQUESTS)", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { emailVerified: false });
		for (let i = 0; i < 5; i++)
			expect((await mutate(app, "users.resendVerification", undefined, { headers: user.headers })).error).toBeNull();
		const limited = await mutate(app, "users.resendVerification", undefined, { headers: user.headers });
		expect(limited.error).toMatchObject({ code: "TOO_MANY_REQUESTS", reason: "RATE_LIMITED" });
		await settled(app);
	});
});

describe("e-mail change over tRPC", () => {
	it("users.updateMe mails the notice and the link; auth.revertEmail takes the account back and ends the session", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		const newEmail = uniqueEmail("trpc");
		const changed = await mutate(app, "users.updateMe", { email: newEmail }, { headers: user.headers });
		expect(changed.data).toMatchObject({ email: newEmail, email_verified: false });
		const mails = new Map<string, ParsedMail>();
		for (let i = 0; i < 2; i++) {
			const received = await smtp.next();
			mails.set(received.to[0] as string, parseMail(received.raw));
		}
		expect(mails.get(newEmail)?.subject).toBe("Verify your e-mail");
		const token = linkTokenOf(mails.get(user.email) as ParsedMail, "/revert-email");

		const bad = await mutate(app, "auth.revertEmail", { token: "x" });
		expect(bad.error).toMatchObject({ message: "Invalid token", reason: "INVALID_EMAIL_TOKEN" });
		const reverted = await mutate(app, "auth.revertEmail", { token });
		expect(reverted.data).toEqual({ message: "Email change reverted" });
		const me = await query(app, "users.me", undefined, { headers: user.headers });
		expect(me.error?.code).toBe("UNAUTHORIZED");
		const reset = await smtp.next();
		expect(reset.to).toEqual([user.email]);
		expect(parseMail(reset.raw).subject).toBe("Password recovery");
	});
});

describe("taking an account back over tRPC", () => {
	it("auth.revertEmail removes two-factor and the passkeys, and a later link spent first leaves the earlier one working", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const owner = await enableTwoFactor(app, await addPasskey(app, await seedUser(app)), test.now);
		const ownerLink = await issueAccountToken(app.deps, owner.id, "email_revert", owner.email, REVERT_LINK_TTL_MS);
		const thiefEmail = uniqueEmail("thief");
		const thiefLink = await issueAccountToken(app.deps, owner.id, "email_revert", thiefEmail, REVERT_LINK_TTL_MS);

		expect((await mutate(app, "auth.revertEmail", { token: thiefLink })).data).toEqual({
			message: "Email change reverted",
		});
		const count = (table: string) =>
			countOf(test.db, `SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, [owner.id]);
		expect([await count("passkeys"), await count("recovery_codes")]).toEqual([0, 0]);
		expect(await rawGet(test.db, "SELECT email, totp_secret FROM users WHERE id = ?", [owner.id])).toEqual({
			email: thiefEmail,
			totp_secret: null,
		});

		expect((await mutate(app, "auth.revertEmail", { token: ownerLink })).data).toEqual({
			message: "Email change reverted",
		});
		expect(await rawGet(test.db, "SELECT email FROM users WHERE id = ?", [owner.id])).toEqual({
			email: owner.email,
		});
		await settled(app);
	});
});

describe("e-mail change limits over tRPC", () => {
	it("users.updateMe changes the e-mail three times a day, then TOO_MANY_REQUESTS", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		for (let i = 0; i < 3; i++)
			expect(
				(await mutate(app, "users.updateMe", { email: uniqueEmail() }, { headers: user.headers })).error,
			).toBeNull();
		const limited = await mutate(app, "users.updateMe", { email: uniqueEmail() }, { headers: user.headers });
		expect(limited.error).toMatchObject({ code: "TOO_MANY_REQUESTS", reason: "RATE_LIMITED" });
		await settled(app);
	});
});
