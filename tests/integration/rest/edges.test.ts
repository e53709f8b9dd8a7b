import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { seedUser } from "../../helpers/users.ts";

describe("edges of the REST layer", () => {
	it("reads an empty JSON body as no body: logout answers 200, signup (body required) 422", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const json = { "content-type": "application/json" };
		const logout = await app.inject({
			method: "POST",
			url: "/api/v1/login/logout",
			headers: { ...user.headers, ...json },
		});
		expect(logout.statusCode).toBe(200);
		const signup = await app.inject({ method: "POST", url: "/api/v1/users/signup", headers: json, payload: "" });
		expect(signup.statusCode).toBe(422);
		expect(signup.json().detail[0].loc).toEqual(["body"]);
		const broken = await app.inject({ method: "POST", url: "/api/v1/users/signup", headers: json, payload: "{" });
		expect(broken.statusCode).toBe(422);
		expect(broken.json().detail[0].type).toBe("json_invalid");
	});

	it("still refuses prototype poisoning in JSON bodies", async () => {
		const { app } = await buildTestApp();
		const res = await app.inject({
			method: "POST",
			url: "/api/v1/users/signup",
			headers: { "content-type": "application/json" },
			payload: '{"__proto__":{"is_superuser":true},"email":"p@example.com","password":"long-enough-1"}',
		});
		expect(res.statusCode).toBeGreaterThanOrEqual(400);
		expect(res.statusCode).toBeLessThan(500);
	});

	it("accepts a user id in upper case", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await app.inject({
			method: "GET",
			url: `/api/v1/users/${user.id.toUpperCase()}`,
			headers: user.headers,
		});
		expect(res.statusCode).toBe(200);
		expect(res.json().id).toBe(user.id);
	});

	it("never sends a 5xx's own text, outside /api/v1 too", async () => {
		const { app } = await buildTestApp();
		app.get("/boom", async () => {
			throw new Error("secret internals");
		});
		const res = await app.inject({ method: "GET", url: "/boom" });
		expect(res.statusCode).toBe(500);
		expect(res.json()).toEqual({ detail: "Internal Server Error" });
	});
});
