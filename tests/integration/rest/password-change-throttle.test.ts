import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api } from "../../helpers/http.ts";
import { mutate } from "../../helpers/trpc.ts";
import { seedUser } from "../../helpers/users.ts";

/** A stolen access token must not let its holder guess the current password forever. */
describe("wrong current passwords bring the login back-off", () => {
	const change = (app: Parameters<typeof api>[0], headers: Record<string, string>, current: string, ip: string) =>
		api(app, "PATCH", "/users/me/password", {
			headers,
			ip,
			body: { current_password: current, new_password: "a-new-password-1" },
		});

	it("doubles the wait after each wrong guess from a client, and only for that client", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		expect((await change(app, user.headers, "guess-number-1", "10.1.1.1")).statusCode).toBe(400);
		const blocked = await change(app, user.headers, user.password, "10.1.1.1");
		expect(blocked.statusCode).toBe(429);
		expect(blocked.headers["retry-after"]).toBe("1");
		expect(blocked.json()).toEqual({ detail: "Rate limit exceeded, please try again later" });
		advance(1000);
		expect((await change(app, user.headers, "guess-number-2", "10.1.1.1")).statusCode).toBe(400);
		expect((await change(app, user.headers, "guess-number-3", "10.1.1.1")).headers["retry-after"]).toBe("2");
		// The owner elsewhere is not locked out by the guesser.
		expect((await change(app, user.headers, user.password, "10.2.2.2")).statusCode).toBe(200);
	});

	it("is shared with login: guesses at the password change make the login wait too", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		expect((await change(app, user.headers, "guess-number-1", "10.3.3.3")).statusCode).toBe(400);
		const login = await app.inject({
			method: "POST",
			url: "/api/v1/login/access-token",
			remoteAddress: "10.3.3.3",
			headers: { "content-type": "application/x-www-form-urlencoded" },
			payload: new URLSearchParams({ username: user.email, password: user.password }).toString(),
		});
		expect(login.statusCode).toBe(429);
	});

	it("holds for the tRPC twin", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const input = { current_password: "guess-number-1", new_password: "a-new-password-1" };
		expect((await mutate(app, "users.changePassword", input, { headers: user.headers })).error?.code).toBe(
			"BAD_REQUEST",
		);
		const blocked = await mutate(app, "users.changePassword", input, { headers: user.headers });
		expect(blocked.error?.code).toBe("TOO_MANY_REQUESTS");
		expect(blocked.headers["retry-after"]).toBe("1");
	});
});
