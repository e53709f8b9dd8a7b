import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { parseMail, resetTokenOf } from "../../helpers/eml.ts";
import { api } from "../../helpers/http.ts";
import { settled } from "../../helpers/settled.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { seedUser } from "../../helpers/users.ts";

async function smtpApp() {
	const smtp = await startSmtp();
	const testApp = await buildTestApp({ env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) } });
	return { ...testApp, smtp };
}

describe("security notices", () => {
	it("an own password change tells the account, in the request's language, HTML and text, with no link", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app, { fullName: "Ada <Lovelace>" });
		const changed = await api(app, "PATCH", "/users/me/password", {
			headers: { ...user.headers, "accept-language": "fr" },
			body: { current_password: user.password, new_password: "another-password-2" },
		});
		expect(changed.statusCode).toBe(200);
		const received = await smtp.next();
		expect(received.to).toEqual([user.email]);
		const mail = parseMail(received.raw);
		expect(mail.subject).toBe("Votre mot de passe a été modifié");
		expect(mail.html).toContain('lang="fr"');
		expect(mail.html).toContain("Le mot de passe de votre compte Portico vient d&#39;être modifié.");
		expect(mail.html).toContain("Ada &lt;Lovelace&gt;");
		expect(mail.text).toContain("Le mot de passe de votre compte Portico vient d'être modifié.");
		expect(mail.text).toContain("« Mot de passe oublié ? »");
		expect(mail.html).not.toContain("<a ");
		await settled(app);
		expect(smtp.received).toHaveLength(1);
	});

	it("a wrong current password sends nothing", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		const refused = await api(app, "PATCH", "/users/me/password", {
			headers: user.headers,
			body: { current_password: "not-the-password", new_password: "another-password-2" },
		});
		expect(refused.statusCode).toBe(400);
		await settled(app);
		expect(smtp.received).toHaveLength(0);
	});

	it("a reset by link tells the account too, in the language of the reset request", async () => {
		const { app, smtp } = await smtpApp();
		const user = await seedUser(app);
		await api(app, "POST", `/password-recovery/${user.email}`);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		const reset = await api(app, "POST", "/reset-password/", {
			headers: { "accept-language": "ar" },
			body: { token, new_password: "reset-password-3" },
		});
		expect(reset.statusCode).toBe(200);
		const notice = parseMail((await smtp.next()).raw);
		expect(notice.subject).toBe("تم تغيير كلمة المرور");
		expect(notice.html).toContain('dir="rtl"');
		expect(notice.text).toContain("تم للتو تغيير كلمة مرور حسابك في Portico.");
		expect(notice.text).toContain("«نسيت كلمة المرور؟»");
	});
});
