import { describe, expect, it, onTestFinished } from "vitest";
import { recordAudit } from "../../../server/services/audit/record.ts";
import type { AuditAction, AuditEvent } from "../../../shared/schemas/audit.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { api, FORBIDDEN } from "../../helpers/http.ts";
import { queryUnchecked } from "../../helpers/trpc.ts";
import { newSession, seedAdmin, seedUser, type TestUser } from "../../helpers/users.ts";

const START = Date.parse("2025-03-10T12:00:00Z");

type World = { test: TestApp; admin: TestUser; ada: TestUser; bob: TestUser; odd: TestUser };

/**
 * Seven events over three days (UTC), each at a known time:
 *   1 03-10 12:00 user.signup       ada -> ada
 *   2 03-10 13:00 auth.login        ada -> ada
 *   3 03-11 09:00 auth.login_failed  -  -> bob
 *   4 03-11 10:00 admin.user_update admin -> ada
 *   5 03-12 08:00 auth.login        bob -> bob
 *   6 03-12 09:00 auth.login        odd -> odd   (odd's e-mail holds % and _)
 *   7 03-12 09:30 admin.user_delete admin -> bob (bob is then deleted)
 */
async function world(): Promise<World> {
	const test = await buildTestApp({ startAt: START });
	const { app } = test;
	const admin = await seedAdmin(app);
	const ada = await seedUser(app, { email: "Ada@Example.com" });
	const bob = await seedUser(app, { email: "bob@example.com" });
	const odd = await seedUser(app, { email: "a_b%c@example.com" });
	const at = (iso: string) => test.advance(Date.parse(iso) - test.now());
	const write = async (action: AuditAction, actor: TestUser | null, subject: TestUser, details = {}) =>
		recordAudit(app.deps, { action, actor, subject, meta: { ip: "10.1.2.3", userAgent: "vitest" }, details });
	await write("user.signup", ada, ada);
	at("2025-03-10T13:00:00Z");
	await write("auth.login", ada, ada, { method: "password" });
	at("2025-03-11T09:00:00Z");
	await write("auth.login_failed", null, bob);
	at("2025-03-11T10:00:00Z");
	await write("admin.user_update", admin, ada, { fields: ["full_name"] });
	at("2025-03-12T08:00:00Z");
	await write("auth.login", bob, bob);
	at("2025-03-12T09:00:00Z");
	await write("auth.login", odd, odd);
	at("2025-03-12T09:30:00Z");
	// Two days went by: the seeded sessions' access tokens are long expired.
	const fresh = async (user: TestUser): Promise<TestUser> => ({
		...user,
		headers: (await newSession(app, user)).headers,
	});
	const w = { test, admin: await fresh(admin), ada: await fresh(ada), bob, odd };
	expect((await api(app, "DELETE", `/users/${bob.id}`, { headers: w.admin.headers })).statusCode).toBe(200);
	return w;
}

type Page = { data: AuditEvent[]; count: number };

async function list(w: World, search = ""): Promise<Page> {
	const res = await api(w.test.app, "GET", `/audit/${search}`, { headers: w.admin.headers });
	expect(res.statusCode, res.body).toBe(200);
	return res.json() as Page;
}

/** The events of a page as "number action" by their place in the story above. */
const story = (page: Page) => page.data.map((event) => `${event.id} ${event.action}`);

describe("GET /audit/", () => {
	it("lists every event newest first, with the e-mails as they were, and counts them", async () => {
		const w = await world();
		const page = await list(w);
		expect(page.count).toBe(7);
		expect(story(page)).toEqual([
			"7 admin.user_delete",
			"6 auth.login",
			"5 auth.login",
			"4 admin.user_update",
			"3 auth.login_failed",
			"2 auth.login",
			"1 user.signup",
		]);
		// Bob is gone; his rows still say who he was.
		expect(page.data[0]).toEqual({
			id: 7,
			at: "2025-03-12T09:30:00.000Z",
			action: "admin.user_delete",
			actor_id: w.admin.id,
			actor_email: "admin@example.com",
			subject_id: w.bob.id,
			subject_email: "bob@example.com",
			ip: "127.0.0.1",
			user_agent: "lightMyRequest",
			details: {},
		});
		expect(page.data[3]).toMatchObject({
			actor_email: "admin@example.com",
			subject_email: "ada@example.com",
			ip: "10.1.2.3",
			user_agent: "vitest",
			details: { fields: ["full_name"] },
		});
		expect(page.data[4]).toMatchObject({ actor_id: null, actor_email: null, subject_email: "bob@example.com" });
	});

	it("pages with skip and limit; count is the whole filtered set", async () => {
		const w = await world();
		expect(story(await list(w, "?skip=2&limit=3"))).toEqual([
			"5 auth.login",
			"4 admin.user_update",
			"3 auth.login_failed",
		]);
		const last = await list(w, "?skip=6&limit=3");
		expect(story(last)).toEqual(["1 user.signup"]);
		expect(last.count).toBe(7);
		expect(await list(w, "?skip=50")).toEqual({ data: [], count: 7 });
		const filtered = await list(w, "?action=auth.login&limit=1&skip=1");
		expect(filtered).toMatchObject({ count: 3, data: [{ id: 5 }] });
	});

	it("filters by action: one, repeated, or a comma list", async () => {
		const w = await world();
		expect(story(await list(w, "?action=auth.login"))).toEqual(["6 auth.login", "5 auth.login", "2 auth.login"]);
		const both = ["7 admin.user_delete", "4 admin.user_update"];
		expect(story(await list(w, "?action=admin.user_update&action=admin.user_delete"))).toEqual(both);
		expect(story(await list(w, "?action=admin.user_update,admin.user_delete"))).toEqual(both);
		expect(story(await list(w, "?action=admin.user_update,%20admin.user_delete"))).toEqual(both);
		expect(await list(w, "?action=totp.enable")).toEqual({ data: [], count: 0 });
	});

	it("filters by actor and by subject id (any letter case)", async () => {
		const w = await world();
		expect(story(await list(w, `?actor_id=${w.admin.id.toUpperCase()}`))).toEqual([
			"7 admin.user_delete",
			"4 admin.user_update",
		]);
		expect(story(await list(w, `?subject_id=${w.ada.id}`))).toEqual([
			"4 admin.user_update",
			"2 auth.login",
			"1 user.signup",
		]);
		expect(story(await list(w, `?actor_id=${w.admin.id}&subject_id=${w.ada.id}`))).toEqual(["4 admin.user_update"]);
		// A deleted user's id still finds their rows.
		expect(story(await list(w, `?subject_id=${w.bob.id}`))).toEqual([
			"7 admin.user_delete",
			"5 auth.login",
			"3 auth.login_failed",
		]);
	});

	it("filters by user e-mail: actor or subject, any case, the whole address or its start", async () => {
		const w = await world();
		const ada = ["4 admin.user_update", "2 auth.login", "1 user.signup"];
		expect(story(await list(w, "?user=ada@example.com"))).toEqual(ada);
		expect(story(await list(w, "?user=ADA@EXAMPLE.COM"))).toEqual(ada);
		expect(story(await list(w, "?user=ad"))).toEqual(["7 admin.user_delete", ...ada]);
		expect(story(await list(w, "?user=admin@"))).toEqual(["7 admin.user_delete", "4 admin.user_update"]);
		// The start of the address, not any part of it.
		expect(await list(w, "?user=example.com")).toMatchObject({ count: 0 });
		// % and _ are plain characters, not wildcards.
		expect(story(await list(w, `?user=${encodeURIComponent("a_b%")}`))).toEqual(["6 auth.login"]);
		expect(await list(w, `?user=${encodeURIComponent("a%")}`)).toMatchObject({ count: 0 });
		expect(await list(w, "?user=_")).toMatchObject({ count: 0 });
		// Blank is no filter.
		expect(await list(w, "?user=%20")).toMatchObject({ count: 7 });
		expect(story(await list(w, "?user=bob&action=auth.login"))).toEqual(["5 auth.login"]);
	});

	it("filters by time: since and until are inclusive ISO 8601 instants; a date alone is its whole UTC day", async () => {
		// A server far from UTC: a time without an offset is still read as UTC, not as the server's local time.
		const zone = process.env.TZ;
		process.env.TZ = "America/New_York";
		onTestFinished(() => {
			if (zone === undefined) delete process.env.TZ;
			else process.env.TZ = zone;
		});
		expect(new Date(START).getHours()).toBe(8);
		const w = await world();
		expect(story(await list(w, "?since=2025-03-12T08:00:00Z"))).toEqual([
			"7 admin.user_delete",
			"6 auth.login",
			"5 auth.login",
		]);
		expect(story(await list(w, "?until=2025-03-10T13:00:00.000Z"))).toEqual(["2 auth.login", "1 user.signup"]);
		// With an offset: 11:00+02:00 is 09:00Z.
		expect(
			story(await list(w, `?since=${encodeURIComponent("2025-03-11T11:00:00+02:00")}&until=2025-03-11T09:00Z`)),
		).toEqual(["3 auth.login_failed"]);
		// Without an offset: UTC.
		expect(story(await list(w, "?since=2025-03-12T09:00&until=2025-03-12T09:00:00"))).toEqual(["6 auth.login"]);
		// A day: from its first to its last millisecond.
		expect(story(await list(w, "?since=2025-03-11&until=2025-03-11"))).toEqual([
			"4 admin.user_update",
			"3 auth.login_failed",
		]);
		expect(story(await list(w, "?since=2025-03-11&until=2025-03-12&action=auth.login"))).toEqual([
			"6 auth.login",
			"5 auth.login",
		]);
		expect(await list(w, "?since=2025-03-13")).toEqual({ data: [], count: 0 });
	});
});

describe("GET /audit/ refuses what it cannot read", () => {
	const refusals: [string, string, object][] = [
		["an unknown action", "?action=auth.nope", { type: "enum", loc: ["query", "action"], input: "auth.nope" }],
		[
			"one unknown action in a list",
			"?action=auth.login,passwords.all",
			{ type: "enum", loc: ["query", "action"], input: "auth.login,passwords.all" },
		],
		[
			"one unknown action repeated",
			"?action=auth.login&action=x",
			{ type: "enum", loc: ["query", "action"], input: ["auth.login", "x"] },
		],
		["an empty action", "?action=", { type: "enum", loc: ["query", "action"], input: "" }],
		[
			"a malformed actor id",
			"?actor_id=42",
			{ type: "value_error", loc: ["query", "actor_id"], msg: "Must be a valid id" },
		],
		["a malformed subject id", "?subject_id=not-a-uuid", { type: "value_error", loc: ["query", "subject_id"] }],
		[
			"since that is no date",
			"?since=yesterday",
			{
				type: "value_error",
				loc: ["query", "since"],
				msg: "Must be an ISO 8601 date, or date and time",
				input: "yesterday",
			},
		],
		["until on a day that does not exist", "?until=2025-02-30", { loc: ["query", "until"], input: "2025-02-30" }],
		["since in another notation", "?since=03/10/2025", { loc: ["query", "since"] }],
		["a time without minutes", "?since=2025-03-10T12", { loc: ["query", "since"] }],
		["a user longer than an e-mail can be", `?user=${"a".repeat(256)}`, { loc: ["query", "user"] }],
		["a limit of 0", "?limit=0", { loc: ["query", "limit"] }],
		["a negative skip", "?skip=-1", { loc: ["query", "skip"] }],
	];

	it.each(refusals)("422 for %s", async (_name, search, issue) => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const res = await api(test.app, "GET", `/audit/${search}`, { headers: admin.headers });
		expect(res.statusCode).toBe(422);
		expect(res.json().detail).toEqual([expect.objectContaining(issue)]);
	});

	it("the message of an unknown action is plain", async () => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const res = await api(test.app, "GET", "/audit/?action=nope", { headers: admin.headers });
		expect(res.json().detail[0].msg).toBe("Must be one or more actions of the audit log");
	});

	it("asks who is asking before it reads the query: 401 anonymous, 403 a plain user", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		expect((await api(test.app, "GET", "/audit/?action=nope")).statusCode).toBe(401);
		const res = await api(test.app, "GET", "/audit/?action=nope", { headers: user.headers });
		expect(res.statusCode).toBe(403);
		expect(res.json()).toEqual(FORBIDDEN);
	});
});

describe("tRPC audit.list", () => {
	it("answers what GET /audit/ answers, from the same filters", async () => {
		const w = await world();
		const res = await queryUnchecked(
			w.test.app,
			"audit.list",
			{ action: ["auth.login", "user.signup"], user: "ADA", since: "2025-03-10", limit: 1, skip: 1 },
			{ headers: w.admin.headers },
		);
		expect(res.error).toBeNull();
		const rest = await list(w, "?action=auth.login,user.signup&user=ADA&since=2025-03-10&limit=1&skip=1");
		expect(res.data).toEqual(rest);
		expect(story(res.data as Page)).toEqual(["1 user.signup"]);
	});

	it("refuses an unknown action with the validation key, and a plain user at the gate", async () => {
		const w = await world();
		const bad = await queryUnchecked(w.test.app, "audit.list", { action: "auth.nope" }, { headers: w.admin.headers });
		expect(bad.error).toMatchObject({
			code: "BAD_REQUEST",
			issues: [{ path: ["action"], message: "auditActionInvalid" }],
		});
		const badDate = await queryUnchecked(w.test.app, "audit.list", { until: "soon" }, { headers: w.admin.headers });
		expect(badDate.error).toMatchObject({ issues: [{ path: ["until"], message: "dateTimeInvalid" }] });
		const user = await queryUnchecked(w.test.app, "audit.list", {}, { headers: w.ada.headers });
		expect(user.error).toMatchObject({ code: "FORBIDDEN", reason: "FORBIDDEN" });
	});
});
