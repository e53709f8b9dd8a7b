import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "../../../server/http/logging.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { seedUser } from "../../helpers/users.ts";

/** The real app with its real pino logger at trace level, writing into a string. */
async function loggedApp() {
	let logs = "";
	const stream = new Writable({
		write(chunk, _encoding, done) {
			logs += chunk;
			done();
		},
	});
	const { app } = await buildTestApp({
		env: { LOG_LEVEL: "trace" },
		logger: { ...loggerOptions("trace"), stream },
	});
	return { app, logs: () => logs };
}

describe("logs", () => {
	it("carry no password, token or hash, whatever the requests held", async () => {
		const { app, logs } = await loggedApp();
		const user = await seedUser(app);
		const secrets: string[] = [
			user.password,
			user.accessToken.split(".")[1] ?? "",
			user.refreshToken.split(".")[1] ?? "",
		];
		const login = (await loginForm(app, user.email, user.password)).json();
		secrets.push(login.access_token.split(".")[1], login.refresh_token.split(".")[1]);
		await api(app, "GET", "/users/me", { headers: bearer(login.access_token) });
		await api(app, "GET", "/users/me", { headers: { cookie: `portico_session=${login.access_token}` } });
		const rotated = (
			await api(app, "POST", "/login/refresh-token", { body: { refresh_token: login.refresh_token } })
		).json();
		secrets.push(rotated.access_token.split(".")[1], rotated.refresh_token.split(".")[1]);
		await api(app, "POST", "/login/refresh-token", { body: { refresh_token: login.refresh_token } }); // reuse: logged as a warning
		await api(app, "POST", "/users/signup", { body: { email: "new@example.com", password: "signup-secret-pw" } });
		secrets.push("signup-secret-pw");
		await api(app, "PATCH", "/users/me/password", {
			headers: user.headers,
			body: { current_password: user.password, new_password: "changed-secret-pw" },
		});
		secrets.push("changed-secret-pw");
		expect(logs()).toContain("refresh token reused"); // the logger did write
		for (const secret of secrets) expect(logs()).not.toContain(secret);
		expect(logs()).not.toMatch(/\$argon2/);
	});

	it("do not keep the reset token of a reset-page URL", async () => {
		const { app, logs } = await loggedApp();
		const token = "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg";
		await app.inject({ method: "GET", url: `/reset-password?token=${token}`, headers: { accept: "text/html" } });
		expect(logs()).toContain("/reset-password?token=%5Bredacted%5D");
		expect(logs()).not.toContain(token);
		await api(app, "GET", "/users/?skip=0&limit=5");
		expect(logs()).toContain("/api/v1/users/?skip=0&limit=5");
	});
});
