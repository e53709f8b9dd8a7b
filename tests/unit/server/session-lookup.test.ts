import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../server/db/schema.ts";
import { sessionCheckCacheOf } from "../../../server/services/sessions/check-cache.ts";
import { lookupSession, sessionChecksOf } from "../../../server/services/sessions/session-lookup.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { onPostgres, testOnPostgres, testOnSqlite } from "../../helpers/engine.ts";
import { seedUser } from "../../helpers/users.ts";

describe("lookupSession (the query builder's session check, for engines without the cache)", () => {
	it("reads the very record SQLite's cache builds from its own statement, and nothing for an unknown id", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app, { fullName: "Ada", isSuperuser: true });
		await test.db.update(users).set({ totpEnabledAt: 1234, emailVerified: false }).where(eq(users.id, user.id));
		const id = user.accessToken.split(".")[0] as string;
		const viaBuilder = await lookupSession(test.db, id);
		// SQLite's cache, the record to match, exists on SQLite only.
		if (!onPostgres) expect(viaBuilder).toEqual(await sessionCheckCacheOf(test.db).read(id));
		expect(viaBuilder?.auth.user).toMatchObject({
			fullName: "Ada",
			isSuperuser: true,
			emailVerified: false,
			totpEnabledAt: 1234,
		});
		expect(Buffer.isBuffer(viaBuilder?.accessHash)).toBe(true);
		expect(Object.isFrozen(viaBuilder?.auth.user) && Object.isFrozen(viaBuilder?.auth.session)).toBe(true);
		expect(await lookupSession(test.db, "no-such-session")).toBeUndefined();
	});

	// SQLite's in-process cache (decision 027); PostgreSQL's twin follows.
	testOnSqlite("SQLite keeps its cache", async () => {
		const test = await buildTestApp();
		expect(sessionChecksOf(test.db)).toBe(sessionCheckCacheOf(test.db));
	});

	testOnPostgres("PostgreSQL reads the row for every request, as for every re-check (decision 034)", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app, { fullName: "Ada" });
		const id = user.accessToken.split(".")[0] as string;
		const checks = sessionChecksOf(test.db);
		expect(await checks.get(id)).toEqual(await lookupSession(test.db, id));
		await test.db.update(users).set({ fullName: "Augusta" }).where(eq(users.id, user.id));
		expect((await checks.get(id))?.auth.user.fullName).toBe("Augusta");
		expect((await checks.read(id))?.auth.user.fullName).toBe("Augusta");
	});
});
