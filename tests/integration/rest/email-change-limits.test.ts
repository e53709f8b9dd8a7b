import { describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { api } from "../../helpers/http.ts";
import { outbox } from "../../helpers/two-factor.ts";
import { newSession, seedUser, type TestUser, uniqueEmail } from "../../helpers/users.ts";

const DAY = 86_400_000;

const changeEmail = (test: TestApp, user: TestUser, email: string) =>
	api(test.app, "PATCH", "/users/me", { headers: user.headers, body: { email } });

const emailOf = async (test: TestApp, user: TestUser) =>
	((await api(test.app, "GET", "/users/me", { headers: user.headers })).json() as { email: string }).email;

describe("how often an account may change its e-mail", () => {
	it("three times a day: the fourth is 429 with Retry-After, changes nothing and mails nobody", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		const other = await seedUser(test.app);
		for (let i = 0; i < 3; i++) expect((await changeEmail(test, user, uniqueEmail("step"))).statusCode).toBe(200);
		const before = await emailOf(test, user);
		const mailsBefore = (await outbox(test.app, test.dataDir)).length;

		const limited = await changeEmail(test, user, uniqueEmail("fourth"));
		expect(limited.statusCode).toBe(429);
		expect(limited.json()).toEqual({ detail: "Rate limit exceeded, please try again later" });
		const retryAfter = Number(limited.headers["retry-after"]);
		expect(retryAfter).toBeGreaterThan(3600);
		expect(retryAfter).toBeLessThanOrEqual(DAY / 3 / 1000);
		expect(await emailOf(test, user)).toBe(before);
		expect(await outbox(test.app, test.dataDir)).toHaveLength(mailsBefore);
		// Per account: another account is not held back; a name change is not an e-mail change.
		expect((await changeEmail(test, other, uniqueEmail("other"))).statusCode).toBe(200);
		const renamed = await api(test.app, "PATCH", "/users/me", {
			headers: user.headers,
			body: { full_name: "Still Me" },
		});
		expect(renamed.statusCode).toBe(200);

		// Once the bucket has a change back, it works (from a fresh sign-in: the old one is hours old).
		test.advance(retryAfter * 1000);
		const later = { ...user, headers: (await newSession(test.app, user)).headers };
		expect((await changeEmail(test, later, uniqueEmail("later"))).statusCode).toBe(200);
	});

	it("round trips through an address the account never proved mail it no notice and keep it for nobody", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		const victim = uniqueEmail("victim");
		expect((await changeEmail(test, user, victim)).statusCode).toBe(200);
		expect((await changeEmail(test, user, user.email)).statusCode).toBe(200);
		const toVictim = (await outbox(test.app, test.dataDir)).filter((mail) => mail.headers.to?.includes(victim));
		// Only the link that would prove it; no "Your e-mail was changed", no "This wasn't me".
		expect(toVictim.map((mail) => mail.subject)).toEqual(["Verify your e-mail"]);
		// Its owner may sign up with it at once.
		const signup = await api(test.app, "POST", "/users/signup", {
			body: { email: victim, password: "victims-own-pass-1" },
		});
		expect(signup.statusCode).toBe(200);
	});
});
