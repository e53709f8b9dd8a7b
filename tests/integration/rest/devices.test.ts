import { describe, expect, it } from "vitest";
import { type AuditEventRow, auditEvents } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, api, bearer, FORBIDDEN, loginForm } from "../../helpers/http.ts";
import { newSession, PASSWORD, seedAdmin, seedUser } from "../../helpers/users.ts";

const CHROME_MAC =
	"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const MINUTE = 60_000;
const NOBODY = "00000000-0000-4000-8000-000000000000";
const NOT_AUTHENTICATED = { detail: "Not authenticated" };
const SESSION_NOT_FOUND = { detail: "Session not found" };

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];
const idOf = (token: string) => token.split(".")[0] as string;
const me = (app: App, token: string) => api(app, "GET", "/users/me", { headers: bearer(token) });
const refresh = (app: App, refresh_token: string) =>
	api(app, "POST", "/login/refresh-token", { body: { refresh_token } });
const auditRows = async (db: Awaited<ReturnType<typeof buildTestApp>>["db"]): Promise<AuditEventRow[]> =>
	await db.select().from(auditEvents);

describe("GET /users/me/sessions", () => {
	it("lists the caller's sessions with the device parsed from the user agent, the current one marked", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const user = await seedUser(app, { ip: "10.4.0.1", userAgent: CHROME_MAC });
		test.advance(MINUTE);
		const laptop = await newSession(app, user, "10.4.0.2", FIREFOX_LINUX);
		const res = await api(app, "GET", "/users/me/sessions", { headers: laptop.headers });
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.count).toBe(2);
		expect(body.data).toEqual([
			{
				id: idOf(laptop.access_token),
				created_at: new Date(test.now()).toISOString(),
				last_seen_at: new Date(test.now()).toISOString(),
				expires_at: new Date(test.now() + test.config.refreshTokenTtlMs).toISOString(),
				ip: "10.4.0.2",
				user_agent: FIREFOX_LINUX,
				browser: "Firefox 133",
				os: "Linux",
				device_type: "desktop",
				current: true,
			},
			expect.objectContaining({ id: idOf(user.accessToken), browser: "Chrome 131", os: "macOS", current: false }),
		]);
		// The public half only: no secret, no hash.
		expect(res.body).not.toContain(laptop.access_token.split(".")[1]);
		expect(res.body).not.toMatch(/hash/i);
	});

	it("answers 401 without a token", async () => {
		const { app } = await buildTestApp();
		const res = await api(app, "GET", "/users/me/sessions");
		expect(res.statusCode).toBe(401);
		expect(res.json()).toEqual(NOT_AUTHENTICATED);
	});
});

describe("DELETE /users/me/sessions/{id}", () => {
	it("signs that device out at once: its access and refresh tokens stop working; an audit row says which device", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const phone = await newSession(app, user, "10.5.0.2", CHROME_MAC);
		const res = await api(app, "DELETE", `/users/me/sessions/${idOf(phone.access_token)}`, {
			headers: user.headers,
			ip: "10.5.0.1",
		});
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: "Session revoked" });
		expect((await me(app, phone.access_token)).statusCode).toBe(401);
		expect((await refresh(app, phone.refresh_token)).statusCode).toBe(401);
		expect((await me(app, user.accessToken)).statusCode).toBe(200);
		const rows = (await auditRows(db)).filter((row) => row.action === "session.revoke");
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ actorId: user.id, subjectId: user.id, ip: "10.5.0.1" });
		expect(JSON.parse(rows[0]?.details ?? "")).toEqual({
			browser: "Chrome 131",
			os: "macOS",
			device_type: "desktop",
			ip: "10.5.0.2",
		});
	});

	it("answers 404 Session not found for another user's session, an unknown id and a malformed one; that session lives on", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		for (const id of [
			idOf(other.accessToken),
			"a".repeat(26),
			"not-a-session",
			"%20",
			encodeURIComponent(other.accessToken),
		]) {
			const res = await api(app, "DELETE", `/users/me/sessions/${id}`, { headers: user.headers });
			expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: SESSION_NOT_FOUND });
		}
		expect((await me(app, other.accessToken)).statusCode).toBe(200);
		expect(await auditRows(db)).toEqual([]);
	});

	it("authorises before anything else: 401 without a token, whatever the id", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await api(app, "DELETE", `/users/me/sessions/${idOf(user.accessToken)}`);
		expect(res.statusCode).toBe(401);
		expect((await me(app, user.accessToken)).statusCode).toBe(200);
	});

	it("a session id alone, as this list shows it, cannot end or take over the session", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const id = idOf(user.accessToken);
		expect((await refresh(app, `${id}.${"b".repeat(52)}`)).statusCode).toBe(401);
		expect((await me(app, `${id}.${"c".repeat(52)}`)).statusCode).toBe(401);
		expect((await me(app, user.accessToken)).statusCode).toBe(200);
		expect((await refresh(app, user.refreshToken)).statusCode).toBe(200);
	});
});

describe("DELETE /users/me/sessions", () => {
	it("signs every other session out and keeps the caller's; the audit row counts them", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const others = [await newSession(app, user), await newSession(app, user)];
		const res = await api(app, "DELETE", "/users/me/sessions", { headers: user.headers });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: "Other sessions revoked" });
		for (const other of others) {
			expect((await me(app, other.access_token)).statusCode).toBe(401);
			expect((await refresh(app, other.refresh_token)).statusCode).toBe(401);
		}
		const list = await api(app, "GET", "/users/me/sessions", { headers: user.headers });
		expect(list.json().data.map((s: { id: string }) => s.id)).toEqual([idOf(user.accessToken)]);
		const [row] = (await auditRows(db)).filter((r) => r.action === "session.revoke_others");
		expect(row).toMatchObject({ actorId: user.id, subjectId: user.id });
		expect(JSON.parse(row?.details ?? "")).toEqual({ count: 2 });
	});
});

describe("a superuser and a user's sessions", () => {
	it("GET /users/{id}/sessions lists them; DELETE /users/{id}/sessions signs the user out everywhere", async () => {
		const { app, db } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app, { userAgent: FIREFOX_LINUX });
		const phone = await newSession(app, user);
		const list = await api(app, "GET", `/users/${user.id}/sessions`, { headers: admin.headers });
		expect(list.statusCode).toBe(200);
		expect(list.json().count).toBe(2);
		expect(list.json().data.map((s: { current: boolean }) => s.current)).toEqual([false, false]);

		const res = await api(app, "DELETE", `/users/${user.id}/sessions`, { headers: admin.headers, ip: "10.6.0.1" });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ message: "All sessions revoked" });
		for (const token of [user.accessToken, phone.access_token]) expect((await me(app, token)).statusCode).toBe(401);
		expect((await refresh(app, user.refreshToken)).statusCode).toBe(401);
		expect((await me(app, admin.accessToken)).statusCode).toBe(200);
		const after = await api(app, "GET", `/users/${user.id}/sessions`, { headers: admin.headers });
		expect(after.json()).toEqual({ data: [], count: 0 });
		const [row] = (await auditRows(db)).filter((r) => r.action === "admin.sessions_revoke");
		expect(row).toMatchObject({ actorId: admin.id, subjectId: user.id, subjectEmail: user.email, ip: "10.6.0.1" });
		expect(JSON.parse(row?.details ?? "")).toEqual({ count: 2 });
		// The user can sign in again afterwards: only the sessions ended.
		expect((await loginForm(app, user.email, PASSWORD)).statusCode).toBe(200);
	});

	it("answers 404 User not found for an unknown user and 422 for an id that is not a UUID", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		for (const method of ["GET", "DELETE"] as const) {
			const missing = await api(app, method, `/users/${NOBODY}/sessions`, { headers: admin.headers });
			expect(missing.statusCode).toBe(404);
			expect(missing.json()).toEqual({ detail: "User not found" });
			const bad = await api(app, method, "/users/not-a-uuid/sessions", { headers: admin.headers });
			expect(bad.statusCode).toBe(422);
			expect(bad.json().detail[0]).toMatchObject({ loc: ["path", "user_id"] });
		}
	});

	it("refuses a plain user (403) before looking at the id, and changes nothing", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const victim = await seedUser(app);
		for (const method of ["GET", "DELETE"] as const) {
			for (const id of [victim.id, "not-a-uuid"]) {
				const res = await api(app, method, `/users/${id}/sessions`, { headers: user.headers });
				expect(res.statusCode).toBe(403);
				expect(res.json()).toEqual(FORBIDDEN);
			}
		}
		expect((await me(app, victim.accessToken)).statusCode).toBe(200);
	});
});

describe("GET /users/me/audit", () => {
	it("lists the events about the caller, newest first, with skip and limit; others' events never show", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		const stranger = await seedUser(app);
		const login = await loginForm(app, user.email, PASSWORD, {
			ip: "10.7.0.1",
			headers: { "user-agent": FIREFOX_LINUX },
		});
		expect(login.statusCode).toBe(200);
		test.advance(MINUTE);
		await api(app, "DELETE", "/users/me/sessions", { headers: bearer(login.json().access_token) });
		test.advance(MINUTE);
		await api(app, "DELETE", `/users/${user.id}/sessions`, { headers: admin.headers });
		await loginForm(app, stranger.email, PASSWORD);
		await api(app, "DELETE", `/users/${stranger.id}/sessions`, { headers: admin.headers });
		const fresh = await loginForm(app, user.email, PASSWORD);
		const token = fresh.json().access_token as string;

		const res = await api(app, "GET", "/users/me/audit", { headers: bearer(token) });
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.count).toBe(4);
		expect(body.data.map((e: { action: string }) => e.action)).toEqual([
			"auth.login",
			"admin.sessions_revoke",
			"session.revoke_others",
			"auth.login",
		]);
		expect(body.data[3]).toMatchObject({
			actor_id: user.id,
			subject_id: user.id,
			subject_email: user.email,
			ip: "10.7.0.1",
			user_agent: FIREFOX_LINUX,
			at: new Date(test.now() - 2 * MINUTE).toISOString(),
		});
		expect(body.data[1]).toMatchObject({ actor_id: admin.id, actor_email: admin.email, details: { count: 1 } });

		const page = await api(app, "GET", "/users/me/audit?skip=1&limit=2", { headers: bearer(token) });
		expect(page.json().count).toBe(4);
		expect(page.json().data.map((e: { action: string }) => e.action)).toEqual([
			"admin.sessions_revoke",
			"session.revoke_others",
		]);
	});

	it("does not list what the caller did to others (an admin's actions are about their subjects)", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		await api(app, "DELETE", `/users/${user.id}/sessions`, { headers: admin.headers });
		const res = await api(app, "GET", "/users/me/audit", { headers: admin.headers });
		expect(res.json()).toEqual({ data: [], count: 0 });
	});

	it("validates skip and limit like every list (422), and needs a token (401)", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		for (const query of ["limit=0", "limit=1001", "skip=-1", "skip=x"]) {
			const res = await app.inject({ method: "GET", url: `${API}/users/me/audit?${query}`, headers: user.headers });
			expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
			expect(res.json().detail[0].loc[0]).toBe("query");
		}
		expect((await api(app, "GET", "/users/me/audit")).statusCode).toBe(401);
	});
});
