import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { postgresConnectionOf } from "../../../server/db/postgres.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { countOf, rawAll, tableNames } from "../../helpers/raw-sql.ts";
import { mutateUnchecked } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser, type TestUser } from "../../helpers/users.ts";

/**
 * Every free-text input that reaches storage, a key or a hash is at most 255 characters:
 * a megabyte in any of them is a 422 (FastAPI's shape, the product's text) that writes
 * nothing. Before, 25 logins with 1 MB usernames stored 48 MB of throttle keys.
 */
const MEGABYTE = "a".repeat(1_000_000);
const TOO_LONG = "Must be no more than 255 characters";

/** Every table's row count and the bytes its text columns hold: what a refused request must leave alone. */
async function footprint(test: TestApp): Promise<Record<string, number>> {
	const counts: Record<string, number> = {};
	for (const name of await tableNames(test.db))
		counts[name] = await countOf(test.db, `SELECT count(*) AS n FROM "${name}"`);
	// What the rows take: SQLite's pages, PostgreSQL's bytes of every table with its indexes and TOAST.
	counts.stored = postgresConnectionOf(test.db)
		? await countOf(
				test.db,
				"SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = 'public' AND c.relkind = 'r'",
			)
		: await countOf(test.db, "SELECT page_count AS n FROM pragma_page_count()");
	return counts;
}

type Case = {
	field: string;
	send: (test: TestApp, user: TestUser, admin: TestUser) => Promise<LightMyRequestResponse>;
};

const restCases: Case[] = [
	{ field: "username", send: (t) => loginForm(t.app, MEGABYTE, "whatever-password") },
	{ field: "password", send: (t, u) => loginForm(t.app, u.email, MEGABYTE) },
	{
		field: "refresh_token",
		send: (t) => api(t.app, "POST", "/login/refresh-token", { body: { refresh_token: MEGABYTE } }),
	},
	{
		field: "refresh_token",
		send: (t, u) => api(t.app, "POST", "/login/logout", { headers: u.headers, body: { refresh_token: MEGABYTE } }),
	},
	{
		field: "token",
		send: (t) =>
			api(t.app, "POST", "/reset-password/", { body: { token: MEGABYTE, new_password: "a-new-password-1" } }),
	},
	{
		field: "confirm_password",
		send: (t) =>
			api(t.app, "POST", "/reset-password/", {
				body: { token: "x".repeat(43), new_password: "a-new-password-1", confirm_password: MEGABYTE },
			}),
	},
	{ field: "token", send: (t) => api(t.app, "POST", "/verify-email/", { body: { token: MEGABYTE } }) },
	{ field: "token", send: (t) => api(t.app, "POST", "/revert-email/", { body: { token: MEGABYTE } }) },
	{
		field: "mfa_token",
		send: (t) => api(t.app, "POST", "/login/mfa", { body: { mfa_token: MEGABYTE, code: "123456" } }),
	},
	{
		field: "code",
		send: (t) => api(t.app, "POST", "/login/mfa", { body: { mfa_token: "x".repeat(43), code: MEGABYTE } }),
	},
	{
		field: "password",
		send: (t, u) => api(t.app, "POST", "/login/reauthenticate", { headers: u.headers, body: { password: MEGABYTE } }),
	},
	{
		field: "code",
		send: (t, u) => api(t.app, "POST", "/login/reauthenticate", { headers: u.headers, body: { code: MEGABYTE } }),
	},
	{
		field: "confirm_password",
		send: (t, u) =>
			api(t.app, "PATCH", "/users/me/password", {
				headers: u.headers,
				body: { current_password: u.password, new_password: "a-new-password-1", confirm_password: MEGABYTE },
			}),
	},
	{
		field: "confirm_password",
		send: (t) =>
			api(t.app, "POST", "/users/signup", {
				body: { email: "new@example.com", password: "a-good-password", confirm_password: MEGABYTE },
			}),
	},
	{
		field: "confirm_password",
		send: (t, _u, a) =>
			api(t.app, "POST", "/users/", {
				headers: a.headers,
				body: { email: "new@example.com", password: "a-good-password", confirm_password: MEGABYTE },
			}),
	},
	{
		field: "full_name",
		send: (t, u) => api(t.app, "PATCH", "/users/me", { headers: u.headers, body: { full_name: MEGABYTE } }),
	},
	{
		field: "name",
		send: (t, u) => api(t.app, "PATCH", "/users/me/passkeys/some-id", { headers: u.headers, body: { name: MEGABYTE } }),
	},
];

const trpcCases: Array<{ path: string; field: string; input: (user: TestUser) => object; auth?: boolean }> = [
	{ path: "auth.login", field: "username", input: () => ({ username: MEGABYTE, password: "whatever-password" }) },
	{ path: "auth.login", field: "password", input: (u) => ({ username: u.email, password: MEGABYTE }) },
	{ path: "auth.refresh", field: "refresh_token", input: () => ({ refresh_token: MEGABYTE }) },
	{ path: "auth.logout", field: "refresh_token", input: () => ({ refresh_token: MEGABYTE }), auth: true },
	{ path: "auth.resetPassword", field: "token", input: () => ({ token: MEGABYTE, new_password: "a-new-password-1" }) },
	{ path: "auth.verifyEmail", field: "token", input: () => ({ token: MEGABYTE }) },
	{ path: "auth.revertEmail", field: "token", input: () => ({ token: MEGABYTE }) },
	{ path: "auth.reauthenticate", field: "password", input: () => ({ password: MEGABYTE }), auth: true },
	{
		path: "users.changePassword",
		field: "confirm_password",
		input: (u) => ({ current_password: u.password, new_password: "a-new-password-1", confirm_password: MEGABYTE }),
		auth: true,
	},
];

describe("a megabyte in a free-text field is a 422 and changes nothing", () => {
	it.each(restCases.map((c, i) => [`${i} ${c.field}`, c] as const))("REST %s", async (_name, { field, send }) => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		const before = await footprint(test);
		const res = await send(test, user, admin);
		expect(res.statusCode).toBe(422);
		expect(res.json().detail).toContainEqual(
			expect.objectContaining({ type: "string_too_long", loc: ["body", field], msg: TOO_LONG }),
		);
		expect(await footprint(test)).toEqual(before);
	});

	it.each(trpcCases.map((c) => [`${c.path} ${c.field}`, c] as const))("tRPC %s", async (_name, c) => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		const before = await footprint(test);
		const res = await mutateUnchecked(test.app, c.path, c.input(user), c.auth ? { headers: user.headers } : {});
		expect(res.error?.code).toBe("BAD_REQUEST");
		// tRPC carries the message's key; the client shows its text.
		expect(res.error?.issues).toContainEqual(expect.objectContaining({ path: [c.field], message: "textTooLong" }));
		expect(await footprint(test)).toEqual(before);
	});

	it("the login's throttle keys are hashes of a fixed length, whatever the username", async () => {
		const test = await buildTestApp();
		for (const username of ["a@example.com", `${"b".repeat(240)}@example.com`]) {
			expect((await loginForm(test.app, username, "whatever-password")).statusCode).toBe(400);
		}
		const rows = await rawAll<{ account_key: string; client_key: string }>(
			test.db,
			"SELECT account_key, client_key FROM login_throttle",
		);
		expect(rows).toHaveLength(2);
		for (const row of rows) {
			expect(row.account_key).toMatch(/^[0-9a-f]{64}$/);
			expect(row.client_key).toMatch(/^[0-9a-f]{64}$/);
		}
	});
});
