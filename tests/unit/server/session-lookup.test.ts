import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../server/db/schema.ts";
import { sessionCheckCacheOf } from "../../../server/services/sessions/check-cache.ts";
import { lookupSession, sessionChecksOf } from "../../../server/services/sessions/session-lookup.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { seedUser } from "../../helpers/users.ts";

describe("lookupSession (the query builder's session check, for engines without the cache)", () => {
	it("reads the very record SQLite's cache builds from its own statement, and nothing for an unknown id", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app, { fullName: "Ada", isSuperuser: true });
		await test.db.update(users).set({ totpEnabledAt: 1234, emailVerified: false }).where(eq(users.id, user.id));
		const id = user.accessToken.split(".")[0] as string;
		const cache = sessionCheckCacheOf(test.db);
		const viaBuilder = await lookupSession(test.db, id);
		expect(viaBuilder).toEqual(await cache.read(id));
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

	it("SQLite keeps its cache", async () => {
		const test = await buildTestApp();
		expect(sessionChecksOf(test.db)).toBe(sessionCheckCacheOf(test.db));
	});
});
