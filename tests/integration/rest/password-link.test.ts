import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { parseMail, resetTokenOf } from "../../helpers/eml.ts";
import { api } from "../../helpers/http.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { mutate } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

async function smtpApp() {
	const smtp = await startSmtp();
	const testApp = await buildTestApp({ env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) } });
	const admin = await seedAdmin(testApp.app);
	return { ...testApp, smtp, admin };
}

const describeLink = (app: Parameters<typeof api>[0], token: string, ip = "10.9.0.1") =>
	api(app, "POST", "/reset-password/link", { body: { token }, ip });

describe("what a password link is for (REST POST /reset-password/link, tRPC auth.passwordLink)", () => {
	it("an invitation's link names its address and says it is an invitation, over both APIs, without being spent", async () => {
		const { app, smtp, admin } = await smtpApp();
		await api(app, "POST", "/users/", {
			headers: admin.headers,
			body: { email: "Invitee@Example.com", full_name: "Invitee", invite: true },
		});
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		const rest = await describeLink(app, token);
		expect(rest.statusCode).toBe(200);
		expect(rest.json()).toEqual({ email: "invitee@example.com", invitation: true });
		const trpc = await mutate(app, "auth.passwordLink", { token }, { ip: "10.9.0.2" });
		expect(trpc.data).toEqual({ email: "invitee@example.com", invitation: true });
		// Still good: describing is not spending.
		const set = await api(app, "POST", "/reset-password/", { body: { token, new_password: "a-first-password" } });
		expect(set.statusCode).toBe(200);
		// Spent: the same refusal as any wrong token.
		expect((await describeLink(app, token)).json()).toEqual({ detail: "Invalid token" });
	});

	it("a recovery link is not an invitation; a wrong, malformed or expired token learns nothing", async () => {
		const { app, smtp, advance } = await smtpApp();
		const user = await seedUser(app);
		await api(app, "POST", `/password-recovery/${user.email}`);
		const token = resetTokenOf(parseMail((await smtp.next()).raw));
		expect((await describeLink(app, token)).json()).toEqual({ email: user.email, invitation: false });
		for (const wrong of ["A".repeat(43), "short", ""]) {
			const res = await describeLink(app, wrong, `10.9.1.${wrong.length}`);
			expect(res.statusCode).toBe(400);
			expect(res.json()).toEqual({ detail: "Invalid token" });
		}
		advance(61 * 60 * 1000);
		const expired = await describeLink(app, token, "10.9.2.1");
		expect(expired.json()).toEqual({ detail: "Invalid token" });
		const trpc = await mutate(app, "auth.passwordLink", { token }, { ip: "10.9.2.2" });
		expect(trpc.error?.reason).toBe("INVALID_RESET_TOKEN");
	});

	it("takes from the reset's per-IP bucket: the sixth ask in a minute is 429", async () => {
		const { app } = await smtpApp();
		for (let i = 0; i < 5; i++) expect((await describeLink(app, "A".repeat(43), "10.9.3.1")).statusCode).toBe(400);
		expect((await describeLink(app, "A".repeat(43), "10.9.3.1")).statusCode).toBe(429);
	});
});
