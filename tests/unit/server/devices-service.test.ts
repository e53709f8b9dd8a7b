import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AuditEventRow, auditEvents, sessions, users } from "../../../server/db/schema.ts";
import {
	listMySessions,
	listUserSessions,
	revokeMySession,
	revokeOtherSessions,
	revokeUserSessionsAsAdmin,
} from "../../../server/services/users/devices.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { authOf, META, refusal } from "../../helpers/services.ts";
import { newSession, seedAdmin, seedUser } from "../../helpers/users.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

type App = Awaited<ReturnType<typeof buildTestApp>>;
const idOf = (token: string) => token.split(".")[0] as string;
const auditRows = async ({ db }: App): Promise<AuditEventRow[]> => await db.select().from(auditEvents);
const sessionIds = async ({ db }: App, userId: string) =>
	(await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((row) => row.id).sort();

describe("listMySessions", () => {
	it("lists the caller's live sessions, most recently seen first, described, with theirs marked current", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const user = await seedUser(app, { ip: "10.1.0.1", userAgent: FIREFOX_LINUX });
		test.advance(MINUTE);
		const phone = await newSession(app, user, "10.1.0.2", SAFARI_IPHONE);
		test.advance(MINUTE);
		const script = await newSession(app, user, "10.1.0.3", "curl/8.5.0");
		// The first session is used again: it becomes the most recently seen.
		test.advance(MINUTE);
		const auth = await authOf(app, user);
		await seedUser(app); // someone else's session never shows

		const list = await listMySessions(app.deps, auth);
		expect(list.count).toBe(3);
		expect(list.data.map((s) => s.id)).toEqual([
			idOf(user.accessToken),
			idOf(script.access_token),
			idOf(phone.access_token),
		]);
		expect(list.data[0]).toEqual({
			id: idOf(user.accessToken),
			created_at: new Date(test.now() - 3 * MINUTE).toISOString(),
			last_seen_at: new Date(test.now()).toISOString(),
			expires_at: new Date(test.now() - 3 * MINUTE + test.config.refreshTokenTtlMs).toISOString(),
			ip: "10.1.0.1",
			user_agent: FIREFOX_LINUX,
			browser: "Firefox 133",
			os: "Linux",
			device_type: "desktop",
			current: true,
		});
		expect(list.data[2]).toMatchObject({ browser: "Safari 18", os: "iOS", device_type: "mobile", current: false });
		expect(list.data[1]).toMatchObject({ browser: null, os: null, device_type: "desktop", current: false });
	});

	it("leaves out sessions past their expiry, which can no longer be refreshed", async () => {
		const test = await buildTestApp();
		const { app, db } = test;
		const user = await seedUser(app);
		const old = await newSession(app, user);
		await db
			.update(sessions)
			.set({ expiresAt: test.now() })
			.where(eq(sessions.id, idOf(old.access_token)));
		expect((await listMySessions(app.deps, await authOf(app, user))).data.map((s) => s.id)).toEqual([
			idOf(user.accessToken),
		]);
	});
});

describe("revokeMySession", () => {
	it("ends one of the caller's sessions at once, with a session.revoke row naming the device, never a secret", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const user = await seedUser(app);
		const phone = await newSession(app, user, "10.2.0.2", SAFARI_IPHONE);
		const result = await revokeMySession(app.deps, await authOf(app, user), idOf(phone.access_token), META);
		expect(result).toEqual({ message: "Session revoked" });
		expect(await sessionIds(test, user.id)).toEqual([idOf(user.accessToken)]);
		const [row] = await auditRows(test);
		expect(row).toMatchObject({ action: "session.revoke", actorId: user.id, subjectId: user.id });
		expect(JSON.parse(row?.details ?? "")).toEqual({
			browser: "Safari 18",
			os: "iOS",
			device_type: "mobile",
			ip: "10.2.0.2",
		});
		for (const secret of [phone.access_token, phone.refresh_token].map((token) => token.split(".")[1] as string))
			expect(JSON.stringify(await auditRows(test))).not.toContain(secret);
	});

	it("ends the caller's current session too when asked (a logout)", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const user = await seedUser(app);
		await revokeMySession(app.deps, await authOf(app, user), idOf(user.accessToken), META);
		expect(await sessionIds(test, user.id)).toEqual([]);
	});

	it("says SESSION_NOT_FOUND for someone else's session, an expired one, an unknown or malformed id, and changes nothing", async () => {
		const test = await buildTestApp();
		const { app, db } = test;
		const user = await seedUser(app);
		const other = await seedUser(app);
		const expired = await newSession(app, user);
		await db
			.update(sessions)
			.set({ expiresAt: test.now() - 1 })
			.where(eq(sessions.id, idOf(expired.access_token)));
		const auth = await authOf(app, user);
		const before = await db.select().from(sessions);
		for (const id of [
			idOf(other.accessToken),
			idOf(expired.access_token),
			"a".repeat(26),
			"not an id",
			"",
			user.accessToken, // the whole token is not an id
		])
			expect(await refusal(async () => revokeMySession(app.deps, auth, id, META))).toBe("SESSION_NOT_FOUND");
		expect(await db.select().from(sessions)).toEqual(before);
		expect(await auditRows(test)).toEqual([]);
	});
});

describe("revokeOtherSessions", () => {
	it("ends every session of the caller but theirs, counts the live ones it ended, and touches no one else", async () => {
		const test = await buildTestApp();
		const { app, db } = test;
		const user = await seedUser(app);
		await newSession(app, user);
		await newSession(app, user);
		const expired = await newSession(app, user);
		await db
			.update(sessions)
			.set({ expiresAt: test.now() - DAY })
			.where(eq(sessions.id, idOf(expired.access_token)));
		const other = await seedUser(app);
		expect(await revokeOtherSessions(app.deps, await authOf(app, user), META)).toEqual({
			message: "Other sessions revoked",
		});
		expect(await sessionIds(test, user.id)).toEqual([idOf(user.accessToken)]);
		expect(await sessionIds(test, other.id)).toEqual([idOf(other.accessToken)]);
		const [row] = await auditRows(test);
		expect(row).toMatchObject({ action: "session.revoke_others", actorId: user.id, subjectId: user.id });
		expect(JSON.parse(row?.details ?? "")).toEqual({ count: 2 });
	});
});

describe("a superuser's view", () => {
	it("lists a user's live sessions (none of them current for the admin)", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app, { userAgent: FIREFOX_LINUX });
		await newSession(app, user, "10.3.0.1", SAFARI_IPHONE);
		const list = await listUserSessions(app.deps, await authOf(app, admin), user.id);
		expect(list.count).toBe(2);
		expect(list.data.every((s) => !s.current)).toBe(true);
		expect(list.data.map((s) => s.browser).sort()).toEqual(["Firefox 133", "Safari 18"]);
	});

	it("says USER_NOT_FOUND for a user who does not exist, listing or revoking", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const actor = await authOf(app, await seedAdmin(app));
		const nobody = "00000000-0000-4000-8000-000000000000";
		expect(await refusal(async () => listUserSessions(app.deps, actor, nobody))).toBe("USER_NOT_FOUND");
		expect(await refusal(async () => revokeUserSessionsAsAdmin(app.deps, actor, nobody, META))).toBe("USER_NOT_FOUND");
		expect(await auditRows(test)).toEqual([]);
	});

	it("signs the user out everywhere, with an admin.sessions_revoke row by the admin about the user", async () => {
		const test = await buildTestApp();
		const { app } = test;
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		await newSession(app, user);
		const result = await revokeUserSessionsAsAdmin(app.deps, await authOf(app, admin), user.id, META);
		expect(result).toEqual({ message: "All sessions revoked" });
		expect(await sessionIds(test, user.id)).toEqual([]);
		expect(await sessionIds(test, admin.id)).toEqual([idOf(admin.accessToken)]);
		const [row] = await auditRows(test);
		expect(row).toMatchObject({
			action: "admin.sessions_revoke",
			actorId: admin.id,
			actorEmail: admin.email,
			subjectId: user.id,
			subjectEmail: user.email,
		});
		expect(JSON.parse(row?.details ?? "")).toEqual({ count: 2 });
	});

	it("refuses (FORBIDDEN) an admin demoted since their request began, and changes nothing", async () => {
		const test = await buildTestApp();
		const { app, db } = test;
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		const actor = await authOf(app, admin);
		await db.update(users).set({ isSuperuser: false }).where(eq(users.id, admin.id));
		expect(await refusal(async () => revokeUserSessionsAsAdmin(app.deps, actor, user.id, META))).toBe("FORBIDDEN");
		expect(await sessionIds(test, user.id)).toEqual([idOf(user.accessToken)]);
		expect(await auditRows(test)).toEqual([]);
	});
});
