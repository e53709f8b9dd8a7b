import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { seedUser } from "../../helpers/users.ts";

describe("buildApp", () => {
	it("answers the health check and the current user", async () => {
		const { app } = await buildTestApp();
		const health = await app.inject({ method: "GET", url: "/api/v1/utils/health-check/" });
		expect(health.statusCode).toBe(200);
		const user = await seedUser(app, { email: "smoke@example.com" });
		const me = await app.inject({ method: "GET", url: "/api/v1/users/me", headers: user.headers });
		expect(me.statusCode).toBe(200);
		expect(me.json()).toMatchObject({ email: "smoke@example.com", is_active: true, is_superuser: false });
		expect(me.json()).not.toHaveProperty("hashed_password");
	});
});
