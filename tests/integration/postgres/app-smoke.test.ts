import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/app.ts";
import { loadConfig } from "../../../server/config.ts";
import { closeDatabase, openConfiguredDatabase, servicesDb } from "../../../server/db/database.ts";
import { bindTablesTo } from "../../../server/db/schema.ts";
import { tempDataDir } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { freshDatabase } from "../../helpers/postgres.ts";

afterEach(() => bindTablesTo("sqlite"));

/** The real app over a migrated PostgreSQL database of the test's own. */
async function appOnPostgres() {
	const config = loadConfig({
		DATA_DIR: tempDataDir(),
		DATABASE_URL: await freshDatabase("migrated"),
		LOG_LEVEL: "silent",
		FIRST_SUPERUSER_PASSWORD: "admin-password",
	});
	const db = openConfiguredDatabase(config);
	const app = await buildApp({ config, db: servicesDb(db) });
	return {
		app,
		[Symbol.asyncDispose]: async () => {
			await app.close();
			await closeDatabase(db);
		},
	};
}

describe("the real app on PostgreSQL", () => {
	it("signs up, logs in, reads and edits the user, finds them as an admin, ends the session", async () => {
		await using world = await appOnPostgres();
		const { app } = world;
		const signup = await api(app, "POST", "/users/signup", {
			body: { email: "ada@example.com", password: "ada-password", full_name: "Ada Lovelace" },
		});
		expect(signup.statusCode, signup.body).toBe(200);
		const login = await loginForm(app, "ada@example.com", "ada-password");
		expect(login.statusCode, login.body).toBe(200);
		const headers = { authorization: `Bearer ${login.json().access_token}` };
		const me = await api(app, "GET", "/users/me", { headers });
		expect(me.json()).toMatchObject({ email: "ada@example.com", full_name: "Ada Lovelace", is_active: true });
		const renamed = await api(app, "PATCH", "/users/me", { headers, body: { full_name: "Ada King" } });
		expect(renamed.json()).toMatchObject({ full_name: "Ada King" });
		const wrong = await loginForm(app, "ada@example.com", "not-her-password");
		expect(wrong.statusCode).toBe(400);

		const { ensureFirstSuperuser } = await import("../../../server/services/admin/first-superuser.ts");
		await ensureFirstSuperuser(app.deps);
		const admin = await loginForm(app, "admin@example.com", "admin-password");
		const asAdmin = { authorization: `Bearer ${admin.json().access_token}` };
		const found = await api(app, "GET", "/users/?q=king", { headers: asAdmin });
		expect(found.json()).toMatchObject({ count: 1, data: [{ email: "ada@example.com" }] });
		const audit = await api(app, "GET", "/audit/?user=ada@", { headers: asAdmin });
		expect(audit.statusCode, audit.body).toBe(200);
		expect(audit.json().count).toBeGreaterThanOrEqual(3);

		expect((await api(app, "POST", "/login/logout", { headers })).statusCode).toBe(200);
		expect((await api(app, "GET", "/users/me", { headers })).statusCode).toBe(401);
	});
});
