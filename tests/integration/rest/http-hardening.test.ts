import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "../../../server/http/json-body.ts";
import { validationMessages } from "../../../shared/schemas/messages.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, api } from "../../helpers/http.ts";
import { mutate } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);
const DEEP = nested(100_000);

const postJson = (app: FastifyInstance, url: string, payload: string, headers: Record<string, string> = {}) =>
	app.inject({ method: "POST", url, headers: { "content-type": "application/json", ...headers }, payload });

describe("a JSON body nested 100,000 levels deep", () => {
	it("is 422 json_invalid in FastAPI's shape on REST, whether the whole body or one field, and nothing internal leaks", async () => {
		const { app } = await buildTestApp();
		for (const payload of [
			DEEP,
			`{"email":${DEEP},"password":"long-enough-1"}`,
			`{"a":${'{"a":'.repeat(100_000)}1${"}".repeat(100_001)}`,
		]) {
			for (const url of [`${API}/users/signup`, `${API}/login/access-token`, `${API}/reset-password/`]) {
				const res = await postJson(app, url, payload);
				expect(res.statusCode, url).toBe(422);
				expect(res.json(), url).toEqual({
					detail: [{ type: "json_invalid", loc: ["body"], msg: "JSON decode error", input: null }],
				});
			}
		}
		// Outside the API too (an unknown URL parses its body before its 404).
		const elsewhere = await postJson(app, "/nowhere", DEEP);
		expect(elsewhere.statusCode).toBeGreaterThanOrEqual(400);
		expect(elsewhere.statusCode).toBeLessThan(500);
		expect(elsewhere.body).not.toMatch(/call stack|RangeError|JSON nests/i);
		expect((await api(app, "GET", "/utils/health-check/")).json()).toBe(true);
	});

	it("is a tRPC BAD_REQUEST envelope on /trpc, one per call of a batch, in a body or a query", async () => {
		const { app } = await buildTestApp();
		const single = await postJson(app, "/trpc/auth.login", `{"username":${DEEP},"password":"x"}`);
		expect(single.statusCode).toBe(400);
		expect(single.json()).toMatchObject({
			error: {
				message: "Input nests deeper than 64 levels",
				code: -32600,
				data: { code: "BAD_REQUEST", httpStatus: 400, path: "auth.login" },
			},
		});
		const batch = await postJson(app, "/trpc/auth.login,auth.signup?batch=1", `{"0":${DEEP},"1":{}}`);
		expect(batch.statusCode).toBe(400);
		expect(batch.json()).toHaveLength(2);
		expect(batch.json()[1]).toMatchObject({
			error: { message: "Input nests deeper than 64 levels", data: { code: "BAD_REQUEST", path: "auth.signup" } },
		});
		const query = await app.inject({
			method: "GET",
			url: `/trpc/users.me?input=${encodeURIComponent(`{"a":${nested(1000)}}`)}`,
		});
		expect(query.statusCode).toBe(400);
		expect(query.json().error.data.code).toBe("BAD_REQUEST");
		expect(`${single.body}${batch.body}${query.body}`).not.toMatch(/call stack|RangeError/i);
		// The process is fine, and an ordinary call still works.
		const user = await seedUser(app);
		const ok = await mutate(app, "auth.login", { username: user.email, password: user.password });
		expect(ok.status).toBe(200);
	});

	it("is refused from the 65th level on; brackets inside strings do not count", async () => {
		expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
		expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
		expect(jsonNestsDeeperThan(JSON.stringify({ a: "[".repeat(500), b: '\\"[[[' }), MAX_JSON_DEPTH)).toBe(false);
		const { app } = await buildTestApp();
		const atLimit = await postJson(app, `${API}/users/signup`, `{"email":${nested(MAX_JSON_DEPTH - 1)}}`);
		expect(atLimit.json().detail[0]).toMatchObject({ type: "string_type", loc: ["body", "email"] });
		const over = await postJson(app, `${API}/users/signup`, `{"email":${nested(MAX_JSON_DEPTH)}}`);
		expect(over.json().detail[0].type).toBe("json_invalid");
	});
});

describe("a 422 never echoes a password", () => {
	it("whatever the field's name, type or depth, and keeps FastAPI's shape", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const secret = "Hunter2-secret";
		const answers = [
			await api(app, "POST", "/users/signup", { body: { email: "x@example.com", password: secret.slice(0, 5) } }),
			await api(app, "POST", "/users/signup", { body: { email: "nope", password: [secret] } }),
			await api(app, "POST", "/users/signup", {
				body: { email: "y@example.com", password: "long-enough-1", confirm_password: secret },
			}),
			await api(app, "PATCH", "/users/me/password", {
				headers: user.headers,
				body: { current_password: { value: secret }, new_password: secret.slice(0, 3) },
			}),
			await api(app, "POST", "/reset-password/", { body: { token: { secret }, new_password: secret.slice(0, 4) } }),
			// An unknown field is refused with the whole body as its input: nested secrets are redacted too.
			await api(app, "PUT", "/profile/me", {
				headers: user.headers,
				body: { extra: { NewPassword: secret, list: [{ password: secret }] }, age: 30 },
			}),
		];
		for (const res of answers) {
			expect(res.statusCode).toBe(422);
			expect(res.body).not.toContain(secret.slice(0, 3));
			for (const item of res.json().detail) expect(Object.keys(item).sort()).toEqual(["input", "loc", "msg", "type"]);
		}
		expect(answers[0]?.json().detail).toEqual([
			{
				type: "string_too_short",
				loc: ["body", "password"],
				msg: "Password must be at least 8 characters",
				input: "[redacted]",
			},
		]);
		expect(answers[5]?.json().detail[0].input).toEqual({
			extra: { NewPassword: "[redacted]", list: [{ password: "[redacted]" }] },
			age: 30,
		});
		// A missing password is still "missing", with no input.
		const missing = await api(app, "POST", "/users/signup", { body: { email: "z@example.com" } });
		expect(missing.json().detail).toEqual([
			{ type: "missing", loc: ["body", "password"], msg: "Password is required", input: null },
		]);
	});
});

describe("full_name", () => {
	const lineBreakers = [
		"Bob\r\nBcc: victim@example.com",
		"Ann\nSmith",
		"Tab\there",
		"Nul\u0000",
		"Del\u007f",
		"Sep\u2028arator",
	];

	it("refuses control characters with a clear 422 wherever a name is accepted over REST", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		for (const name of lineBreakers) {
			const calls = [
				api(app, "POST", "/users/signup", {
					body: { email: `s${Math.random()}@example.com`, password: "long-enough-1", full_name: name },
				}),
				api(app, "PATCH", "/users/me", { headers: user.headers, body: { full_name: name } }),
				api(app, "POST", "/users/", {
					headers: admin.headers,
					body: { email: `a${Math.random()}@example.com`, password: "long-enough-1", full_name: name },
				}),
				api(app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { full_name: name } }),
			];
			for (const res of await Promise.all(calls)) {
				expect(res.statusCode, JSON.stringify(name)).toBe(422);
				expect(res.json().detail).toEqual([
					{
						type: "value_error",
						loc: ["body", "full_name"],
						msg: "Must be one line, without control characters",
						input: name.trim(),
					},
				]);
			}
		}
		// Surrounding whitespace is trimmed as before; joiners used in names (ZWNJ) are letters' business.
		const fine = await api(app, "PATCH", "/users/me", {
			headers: user.headers,
			body: { full_name: "\n  Mehr\u200cnaz Ada  \r\n" },
		});
		expect(fine.statusCode).toBe(200);
		expect(fine.json().full_name).toBe("Mehr\u200cnaz Ada");
	});

	it("is refused over tRPC with the message key, which every language translates", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		const cases = [
			mutate(app, "auth.signup", { email: "t@example.com", password: "long-enough-1", full_name: "A\r\nB" }),
			mutate(app, "users.updateMe", { full_name: "A\nB" }, { headers: user.headers }),
			mutate(
				app,
				"admin.create",
				{ email: "u@example.com", password: "long-enough-1", full_name: "A\nB" },
				{
					headers: admin.headers,
				},
			),
			mutate(app, "admin.update", { user_id: user.id, full_name: "A\u0085B" }, { headers: admin.headers }),
		];
		for (const res of await Promise.all(cases)) {
			expect(res.status).toBe(400);
			expect(res.error?.issues).toEqual([{ path: ["full_name"], message: "noControlCharacters" }]);
		}
		const { default: ar } = await import("../../../shared/i18n/ar/index.ts");
		const { default: fr } = await import("../../../shared/i18n/fr/index.ts");
		for (const dictionary of [ar, fr]) {
			const text = (dictionary.validation as Record<string, string>).noControlCharacters;
			expect(text).toBeTruthy();
			expect(text).not.toBe(validationMessages.noControlCharacters);
		}
	});
});
