import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { auditEvents, sessions } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, bearer } from "../../helpers/http.ts";
import { mutate } from "../../helpers/trpc.ts";
import { seedUser } from "../../helpers/users.ts";

const MINUTE = 60_000;
const CONFIRM = { detail: "Please confirm your identity" };

describe("recent authentication", () => {
	it("a new e-mail and deleting the account need a proof of identity within REAUTH_WINDOW", async () => {
		const { app, advance } = await buildTestApp({ env: { REAUTH_WINDOW: "10m" } });
		const user = await seedUser(app);
		advance(10 * MINUTE + 1);
		const email = await api(app, "PATCH", "/users/me", { headers: user.headers, body: { email: "new@example.com" } });
		expect(email.statusCode).toBe(403);
		expect(email.json()).toEqual(CONFIRM);
		const remove = await api(app, "DELETE", "/users/me", { headers: user.headers });
		expect(remove.statusCode).toBe(403);
		expect(remove.json()).toEqual(CONFIRM);
		// Not sensitive: the name, or the same e-mail again.
		const name = await api(app, "PATCH", "/users/me", {
			headers: user.headers,
			body: { full_name: "Renamed", email: user.email },
		});
		expect(name.statusCode).toBe(200);
		// The refusal never ends the session.
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(200);
	});

	it("POST /login/reauthenticate: a wrong password is refused and counts as a failed login; the right one opens the window", async () => {
		const { app, advance, db } = await buildTestApp();
		const user = await seedUser(app);
		advance(11 * MINUTE);
		const wrong = await api(app, "POST", "/login/reauthenticate", {
			headers: user.headers,
			body: { password: "not-it-at-all" },
		});
		expect(wrong.statusCode).toBe(400);
		expect(wrong.json()).toEqual({ detail: "Incorrect password" });
		// The login back-off now applies to this client.
		const soon = await api(app, "POST", "/login/reauthenticate", {
			headers: user.headers,
			body: { password: user.password },
		});
		expect(soon.statusCode).toBe(429);
		advance(1000);
		const right = await api(app, "POST", "/login/reauthenticate", {
			headers: user.headers,
			body: { password: user.password },
		});
		expect(right.statusCode).toBe(200);
		expect(right.json()).toEqual({ message: "Identity confirmed" });
		const change = await api(app, "PATCH", "/users/me", {
			headers: user.headers,
			body: { email: "moved@example.com" },
		});
		expect(change.statusCode).toBe(200);
		const actions = (await db.select().from(auditEvents)).map((row) => row.action);
		expect(actions).toEqual(["auth.login_failed", "auth.reauthenticate", "email.change"]);
	});

	it("a refresh does not count as a proof of identity; a password change with the current password does", async () => {
		const { app, advance, db } = await buildTestApp();
		const user = await seedUser(app);
		advance(11 * MINUTE);
		const renewed = (
			await api(app, "POST", "/login/refresh-token", { body: { refresh_token: user.refreshToken } })
		).json();
		const headers = bearer(renewed.access_token);
		expect((await api(app, "DELETE", "/users/me", { headers })).statusCode).toBe(403);
		const change = await api(app, "PATCH", "/users/me/password", {
			headers,
			body: { current_password: user.password, new_password: "another-password-2" },
		});
		expect(change.statusCode).toBe(200);
		const session = await first(db.select().from(sessions).where(eq(sessions.userId, user.id)));
		expect(session?.authenticatedAt).toBe(session?.lastSeenAt);
		expect((await api(app, "DELETE", "/users/me", { headers })).statusCode).toBe(200);
	});

	it("holds for the tRPC twins, as a FORBIDDEN with the reason the client answers with a dialog", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		advance(11 * MINUTE);
		const refused = await mutate(app, "users.updateMe", { email: "elsewhere@example.com" }, { headers: user.headers });
		expect(refused.error).toMatchObject({ code: "FORBIDDEN", reason: "REAUTH_REQUIRED", message: CONFIRM.detail });
		const confirmed = await mutate(app, "auth.reauthenticate", { password: user.password }, { headers: user.headers });
		expect(confirmed.data).toEqual({ message: "Identity confirmed" });
		const done = await mutate(app, "users.updateMe", { email: "elsewhere@example.com" }, { headers: user.headers });
		expect(done.error).toBeNull();
	});
});
