import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../server/db/schema.ts";
import { sessionCheckCacheOf } from "../../../server/services/sessions/check-cache.ts";
import { lookupSession, lookupToken, sessionChecksOf } from "../../../server/services/sessions/session-lookup.ts";
import { createPat } from "../../helpers/access-tokens.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { onPostgres, testOnPostgres, testOnSqlite } from "../../helpers/engine.ts";
import { api } from "../../helpers/http.ts";
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

	it("lookupToken reads the very token record SQLite's cache builds, and nothing for an unknown id", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app, { fullName: "Ada", isSuperuser: true });
		const pat = await createPat(test.app, user, ["read", "admin:read"], { name: "nightly" });
		await api(test.app, "GET", "/users/me", { headers: pat.headers });
		const viaBuilder = await lookupToken(test.db, pat.id);
		// SQLite's cache, the record to match, exists on SQLite only.
		if (!onPostgres) expect(viaBuilder).toEqual(await sessionCheckCacheOf(test.db).readToken(pat.id));
		expect(viaBuilder?.token).toMatchObject({ name: "nightly", scopes: ["read", "admin:read"] });
		expect(viaBuilder?.token.lastUsedAt).toBe(test.now());
		expect(Object.isFrozen(viaBuilder?.token.scopes)).toBe(true);
		expect(await lookupToken(test.db, "no-such-token")).toBeUndefined();
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
