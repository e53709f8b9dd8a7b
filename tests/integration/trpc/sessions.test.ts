import { describe, expect, it } from "vitest";
import { type AuditEventRow, auditEvents } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, bearer } from "../../helpers/http.ts";
import { mutate, mutateUnchecked, query } from "../../helpers/trpc.ts";
import { newSession, seedAdmin, seedUser } from "../../helpers/users.ts";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const NOBODY = "00000000-0000-4000-8000-000000000000";
const SESSION_NOT_FOUND = {
	code: "NOT_FOUND",
	httpStatus: 404,
	reason: "SESSION_NOT_FOUND",
	message: "Session not found",
};
const FORBIDDEN = { code: "FORBIDDEN", reason: "FORBIDDEN", message: "The user doesn't have enough privileges" };

type Test = Awaited<ReturnType<typeof buildTestApp>>;
const idOf = (token: string) => token.split(".")[0] as string;
const actions = async ({ db }: Test) => (await db.select().from(auditEvents)).map((row: AuditEventRow) => row.action);
const alive = async (test: Test, token: string) =>
	(await api(test.app, "GET", "/users/me", { headers: bearer(token) })).statusCode === 200;

describe("tRPC sessions", () => {
	it("sessions.list: the caller's sessions, described, the current one marked", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { userAgent: FIREFOX_LINUX });
		const phone = await newSession(app, user);
		const res = await query(app, "sessions.list", undefined, { headers: phone.headers });
		expect(res.error).toBeNull();
		const list = res.data as { count: number; data: { id: string; browser: string | null; current: boolean }[] };
		expect(list.count).toBe(2);
		expect(list.data.find((s) => s.current)?.id).toBe(idOf(phone.access_token));
		expect(list.data.find((s) => !s.current)).toMatchObject({ id: idOf(user.accessToken), browser: "Firefox 133" });
	});

	it("sessions.revoke ends one own session; anything else is NOT_FOUND with the REST text, and a non-string is a validation error", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const user = await seedUser(app);
		const other = await seedUser(app);
		const phone = await newSession(app, user);
		const done = await mutate(
			app,
			"sessions.revoke",
			{ session_id: idOf(phone.access_token) },
			{ headers: user.headers },
		);
		expect(done.data).toEqual({ message: "Session revoked" });
		expect(await alive(test, phone.access_token)).toBe(false);

		for (const session_id of [idOf(other.accessToken), idOf(phone.access_token), "malformed"]) {
			const res = await mutate(app, "sessions.revoke", { session_id }, { headers: user.headers });
			expect(res.error).toMatchObject(SESSION_NOT_FOUND);
		}
		expect(await alive(test, other.accessToken)).toBe(true);
		const invalid = await mutateUnchecked(app, "sessions.revoke", { session_id: 42 }, { headers: user.headers });
		expect(invalid.error).toMatchObject({
			code: "BAD_REQUEST",
			issues: [{ path: ["session_id"], message: "mustBeText" }],
		});
		expect(await actions(test)).toEqual(["session.revoke"]);
	});

	it("sessions.revokeOthers ends every other session of the caller", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const user = await seedUser(app);
		const phone = await newSession(app, user);
		const res = await mutate(app, "sessions.revokeOthers", undefined, { headers: user.headers });
		expect(res.data).toEqual({ message: "Other sessions revoked" });
		expect(await alive(test, phone.access_token)).toBe(false);
		expect(await alive(test, user.accessToken)).toBe(true);
		expect(await actions(test)).toEqual(["session.revoke_others"]);
	});

	it("users.audit: the caller's own events, newest first, paged", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const user = await seedUser(app);
		const phone = await newSession(app, user);
		await mutate(app, "sessions.revoke", { session_id: idOf(phone.access_token) }, { headers: user.headers });
		// Only a sign-out that ended a session is recorded.
		await newSession(app, user);
		await mutate(app, "sessions.revokeOthers", undefined, { headers: user.headers });
		const res = await query(app, "users.audit", { skip: 0, limit: 1 }, { headers: user.headers });
		expect(res.data).toMatchObject({ count: 2, data: [{ action: "session.revoke_others", subject_id: user.id }] });
		const invalid = await query(app, "users.audit", { skip: 0, limit: 5000 }, { headers: user.headers });
		expect(invalid.error).toMatchObject({
			code: "BAD_REQUEST",
			issues: [{ path: ["limit"], message: "limitInvalid" }],
		});
	});
});

describe("tRPC admin sessions", () => {
	it("admin.sessions lists a user's sessions and admin.revokeSessions signs them out everywhere", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		await newSession(app, user);
		const list = await query(app, "admin.sessions", { user_id: user.id }, { headers: admin.headers });
		expect(list.data).toMatchObject({ count: 2 });
		const res = await mutate(app, "admin.revokeSessions", { user_id: user.id }, { headers: admin.headers });
		expect(res.data).toEqual({ message: "All sessions revoked" });
		expect(await alive(test, user.accessToken)).toBe(false);
		expect((await query(app, "admin.sessions", { user_id: user.id }, { headers: admin.headers })).data).toEqual({
			data: [],
			count: 0,
		});
		expect(await actions(test)).toEqual(["admin.sessions_revoke"]);
	});

	it("answers NOT_FOUND User not found for an unknown user, and FORBIDDEN to a plain user before reading the input", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		const notFound = { code: "NOT_FOUND", reason: "USER_NOT_FOUND", message: "User not found" };
		expect((await query(app, "admin.sessions", { user_id: NOBODY }, { headers: admin.headers })).error).toMatchObject(
			notFound,
		);
		expect(
			(await mutate(app, "admin.revokeSessions", { user_id: NOBODY }, { headers: admin.headers })).error,
		).toMatchObject(notFound);
		expect((await query(app, "admin.sessions", { user_id: admin.id }, { headers: user.headers })).error).toMatchObject(
			FORBIDDEN,
		);
		const bad = await mutateUnchecked(app, "admin.revokeSessions", { user_id: "x" }, { headers: user.headers });
		expect(bad.error).toMatchObject(FORBIDDEN);
		expect(await alive(test, admin.accessToken)).toBe(true);
		expect(await actions(test)).toEqual([]);
	});
});
