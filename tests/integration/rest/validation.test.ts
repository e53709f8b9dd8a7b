import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, api } from "../../helpers/http.ts";
import { seedUser } from "../../helpers/users.ts";

type Item = { type: string; loc: (string | number)[]; msg: string; input: unknown };

const expectFastapiShape = (body: { detail: Item[] }) => {
	expect(Array.isArray(body.detail)).toBe(true);
	expect(body.detail.length).toBeGreaterThan(0);
	for (const item of body.detail) {
		expect(Object.keys(item).sort()).toEqual(["input", "loc", "msg", "type"]);
		expect(["body", "query", "path"]).toContain(item.loc[0]);
		expect(typeof item.msg).toBe("string");
		// English text, never an i18n key like "passwordMin".
		expect(item.msg).toMatch(/\s|^[A-Z]/);
	}
};

describe("422 bodies in FastAPI's shape", () => {
	it("for the body: missing fields, wrong types and rule failures, each with its English msg and input", async () => {
		const { app } = await buildTestApp();
		const res = await api(app, "POST", "/users/signup", { body: { password: 12345678, full_name: ["x"] } });
		expect(res.statusCode).toBe(422);
		const body = res.json();
		expectFastapiShape(body);
		expect(body.detail).toEqual(
			expect.arrayContaining([
				{ type: "missing", loc: ["body", "email"], msg: "Email is required", input: null },
				// A password is never echoed, not even a mistyped one.
				{ type: "string_type", loc: ["body", "password"], msg: "Must be text", input: "[redacted]" },
				{ type: "string_type", loc: ["body", "full_name"], msg: "Must be text", input: ["x"] },
			]),
		);
		const short = await api(app, "POST", "/users/signup", { body: { email: "a@example.com", password: "1234567" } });
		expect(short.json().detail).toEqual([
			{
				type: "string_too_short",
				loc: ["body", "password"],
				msg: "Password must be at least 8 characters",
				input: "[redacted]",
			},
		]);
		const long = await api(app, "POST", "/users/signup", {
			body: { email: "a@example.com", password: "x".repeat(129) },
		});
		expect(long.json().detail[0]).toMatchObject({
			type: "string_too_long",
			msg: "Password must be no more than 128 characters",
		});
	});

	it("for the query and the path", async () => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const query = await api(app, "GET", "/users/?limit=abc", { headers: admin.headers });
		expect(query.statusCode).toBe(422);
		expectFastapiShape(query.json());
		expect(query.json().detail[0]).toMatchObject({
			loc: ["query", "limit"],
			msg: "Must be a whole number from 1 to 1000",
			input: "abc",
		});
		const path = await api(app, "DELETE", "/users/12345", { headers: admin.headers });
		expect(path.statusCode).toBe(422);
		expectFastapiShape(path.json());
		expect(path.json().detail[0]).toMatchObject({
			loc: ["path", "user_id"],
			msg: "Must be a valid id",
			input: "12345",
		});
	});

	it("for malformed JSON, an empty JSON body, and a body that is not an object", async () => {
		const { app } = await buildTestApp();
		const send = (payload: string) =>
			app.inject({
				method: "POST",
				url: `${API}/users/signup`,
				headers: { "content-type": "application/json" },
				payload,
			});
		for (const payload of ['{"email": "a@', "", "[1,2]", '"text"', "null", "42"]) {
			const res = await send(payload);
			expect(res.statusCode, payload).toBe(422);
			expectFastapiShape(res.json());
			expect(res.json().detail[0].loc[0]).toBe("body");
		}
	});

	it("comes after authorisation: no 422 for callers who may not call the route", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const bad = { email: 42 };
		expect((await api(app, "POST", "/users/", { body: bad })).statusCode).toBe(401);
		expect((await api(app, "POST", "/users/", { body: bad, headers: user.headers })).statusCode).toBe(403);
		expect((await api(app, "PATCH", "/users/not-a-uuid", { body: bad, headers: user.headers })).statusCode).toBe(403);
		expect((await api(app, "GET", "/users/?limit=-1", { headers: user.headers })).statusCode).toBe(403);
		expect((await api(app, "GET", "/users/not-a-uuid")).statusCode).toBe(401);
		const malformed = await app.inject({
			method: "PATCH",
			url: `${API}/users/me`,
			headers: { "content-type": "application/json" },
			payload: "{nope",
		});
		expect(malformed.statusCode).toBe(401);
	});
});
