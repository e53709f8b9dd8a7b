import { readdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { negotiateLocale } from "../../../server/mail/locale.ts";
import { createMailer, type MailLogger } from "../../../server/mail/mailer.ts";
import { renderResetEmail } from "../../../server/mail/reset-email.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { settled } from "../../helpers/settled.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { seedUser } from "../../helpers/users.ts";

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

function collectingLog() {
	const entries: Array<{ level: string; obj: object; msg?: string }> = [];
	const at =
		(level: string) =>
		(obj: object, msg?: string): void => {
			entries.push({ level, obj, msg });
		};
	const log: MailLogger = { info: at("info"), warn: at("warn"), error: at("error") };
	return { log, entries };
}

describe("mailer", () => {
	it("still answers 200 when SMTP is down, retries, then logs the failure without the token", async () => {
		const port = await closedPort();
		const { log, entries } = collectingLog();
		const { app } = await buildTestApp({
			env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port) },
			mailer: (config) =>
				createMailer({
					from: config.mailFrom,
					smtp: config.smtp,
					outboxDir: join(config.dataDir, "outbox"),
					log,
					retryDelaysMs: [10, 20],
				}),
		});
		const user = await seedUser(app);
		const answer = await app.inject({ method: "POST", url: `/api/v1/password-recovery/${user.email}` });
		expect(answer.statusCode).toBe(200);
		expect(answer.json()).toEqual({ message: "Password recovery email sent" });
		await settled(app);
		expect(entries.filter((e) => e.level === "warn")).toHaveLength(2);
		const failure = entries.find((e) => e.level === "error");
		expect(failure?.msg).toBe("e-mail could not be sent");
		expect(failure?.obj).toMatchObject({ to: user.email, attempts: 3 });
		expect(JSON.stringify(entries)).not.toMatch(/token=|reset-password/);
	});

	it("delivers on a later attempt when the first one fails", async () => {
		const smtp = await startSmtp({ rejectFirst: 1 });
		const { log, entries } = collectingLog();
		const sent: string[] = [];
		const mailer = createMailer({
			from: "Portico <no-reply@example.com>",
			smtp: { host: "127.0.0.1", port: smtp.port, secure: false },
			outboxDir: "/nonexistent",
			log,
			retryDelaysMs: [10],
			onSent: (message) => sent.push(message.to),
		});
		mailer.send({ to: "first@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" });
		await mailer.idle();
		const warnings = entries.filter((e) => e.level === "warn");
		expect(warnings).toHaveLength(1);
		expect(warnings[0]?.obj).toMatchObject({ to: "first@example.com", attempt: 1 });
		expect(sent).toEqual(["first@example.com"]);
		expect(smtp.received).toHaveLength(1);
		expect(smtp.received[0]?.to).toEqual(["first@example.com"]);
		expect(entries.some((e) => e.level === "error")).toBe(false);
	});

	it("writes no half file into the outbox and leaves no temp files", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		await app.inject({ method: "POST", url: `/api/v1/password-recovery/${user.email}` });
		await settled(app);
		const files = readdirSync(join(dataDir, "outbox"));
		expect(files.filter((f) => !f.endsWith(".eml"))).toEqual([]);
		expect(files).toHaveLength(1);
	});
});

describe("reset e-mail template", () => {
	it("escapes what it interpolates and carries both parts", () => {
		const mail = renderResetEmail({
			locale: "en",
			name: `"><script>alert(1)</script>`,
			link: "https://x.example/reset-password?token=a&b=<c>",
			validForMs: 90 * 60_000,
		});
		expect(mail.html).not.toContain("<script>");
		expect(mail.html).toContain("&lt;script&gt;");
		expect(mail.html).toContain("token=a&amp;b=&lt;c&gt;");
		expect(mail.text).toContain("https://x.example/reset-password?token=a&b=<c>");
		expect(mail.text).toContain("valid for 90 minutes");
	});

	it("marks the Arabic HTML right-to-left", () => {
		const mail = renderResetEmail({ locale: "ar", name: "x", link: "https://x/", validForMs: 60_000 });
		expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
	});

	it("says how long the link lives in the largest whole unit, with each language's plural", () => {
		const validity = (locale: "en" | "fr" | "ar", validForMs: number) =>
			renderResetEmail({ locale, name: "x", link: "https://x/", validForMs }).text;
		expect(validity("en", 60_000)).toContain("valid for 1 minute.");
		expect(validity("en", 2 * 3_600_000)).toContain("valid for 2 hours.");
		expect(validity("en", 7 * 86_400_000)).toContain("valid for 7 days.");
		expect(validity("fr", 86_400_000)).toContain("valable 1 jour.");
		expect(validity("ar", 2 * 60_000)).toContain("دقيقتين");
		expect(validity("ar", 5 * 60_000)).toContain("دقائق");
	});

	it("keeps a stored name with line breaks on one line (no header-like text in the plain part)", () => {
		const mail = renderResetEmail({
			locale: "en",
			name: "Eve\r\nBcc: victim@example.com",
			link: "https://x/",
			validForMs: 60_000,
		});
		expect(mail.text.split("\n")[0]).toBe("Hello Eve Bcc: victim@example.com,");
	});
});

describe("Accept-Language", () => {
	it.each([
		[undefined, "en"],
		["", "en"],
		["fr", "fr"],
		["ar-EG,ar;q=0.9,en;q=0.8", "ar"],
		["de-DE,de;q=0.9", "en"],
		["en;q=0.2, fr;q=0.7, ar;q=0.5", "fr"],
		["fr;q=0, ar;q=0.1", "ar"],
		["FR-ca", "fr"],
		["*", "en"],
		["ar;q=abc, fr", "fr"],
	])("%s -> %s", (header, expected) => {
		expect(negotiateLocale(header)).toBe(expected);
	});
});

describe("POST /password-recovery-html-content/{email}", () => {
	it("gives superusers the e-mail's HTML in the asked language", async () => {
		const { app } = await buildTestApp({ env: { PUBLIC_URL: "https://portico.example" } });
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app);
		const answer = await app.inject({
			method: "POST",
			url: `/api/v1/password-recovery-html-content/${user.email}`,
			headers: { ...admin.headers, "accept-language": "ar" },
		});
		expect(answer.statusCode).toBe(200);
		expect(answer.headers["content-type"]).toMatch(/^text\/html/);
		expect(answer.body).toContain('dir="rtl"');
		expect(answer.body).toContain("https://portico.example/reset-password?token=");
	});

	it("is 404 for an unknown e-mail and 403 for a normal user, 401 for nobody", async () => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app);
		const unknown = await app.inject({
			method: "POST",
			url: "/api/v1/password-recovery-html-content/ghost@example.com",
			headers: admin.headers,
		});
		expect(unknown.statusCode).toBe(404);
		expect(unknown.json()).toEqual({ detail: "The user with this username does not exist in the system." });
		const normal = await app.inject({
			method: "POST",
			url: `/api/v1/password-recovery-html-content/${user.email}`,
			headers: user.headers,
		});
		expect(normal.statusCode).toBe(403);
		const anonymous = await app.inject({ method: "POST", url: `/api/v1/password-recovery-html-content/${user.email}` });
		expect(anonymous.statusCode).toBe(401);
	});
});
