import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { auditEvents, sessions, userIdentities, users } from "../../../server/db/schema.ts";
import { NO_PASSWORD } from "../../../server/lib/passwords.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { api } from "../../helpers/http.ts";
import { callbackFragment, roundTrip, startFromApp } from "../../helpers/oidc-link.ts";
import { startOidcProvider, type TestOidcProvider } from "../../helpers/oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv, throughProvider } from "../../helpers/oidc-sign-in.ts";
import { mutate } from "../../helpers/trpc.ts";
import { newSession, seedUser, type TestUser } from "../../helpers/users.ts";

/**
 * Re-authentication through a provider, for an account signed in through it (an SSO-only
 * account has no password to confirm): the provider is asked to sign the person in again
 * (`max_age=0`, `prompt=login`), and the id_token must say so (`auth_time`).
 */
const providers: TestOidcProvider[] = [];
afterEach(async () => {
	await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

const MINUTE = 60_000;
const REAUTH = "/login/reauthenticate/oidc/company";

type World = TestApp & { op: TestOidcProvider; user: TestUser };

/**
 * A password-less user with the identity `ada-sub`, whose proof of identity is 11 minutes
 * old: the app's clock started 11 minutes before the wall clock, which the provider's
 * `auth_time` follows, and was moved to now.
 */
async function world(): Promise<World> {
	const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
	providers.push(op);
	const test = await buildTestApp({ env: companyEnv(op), startAt: Date.now() - 11 * MINUTE });
	const user = await seedUser(test.app);
	await test.db.update(users).set({ hashedPassword: NO_PASSWORD }).where(eq(users.id, user.id));
	await test.db.insert(userIdentities).values({
		id: randomUUID(),
		userId: user.id,
		provider: "company",
		issuer: op.issuer,
		subject: "ada-sub",
		emailAtLink: null,
		createdAt: test.now(),
		lastUsedAt: null,
	});
	test.advance(11 * MINUTE);
	return { ...test, op, user };
}

const provedAt = async (w: World) =>
	(await w.db.select().from(sessions).where(eq(sessions.userId, w.user.id)))[0]?.authenticatedAt;

const auditOf = async (w: World, action: string) =>
	(await w.db.select().from(auditEvents).where(eq(auditEvents.action, action))).map((row) => ({
		subjectId: row.subjectId,
		details: JSON.parse(row.details),
	}));

/** A recent-authentication action: deleting the account is refused without one (a superuser never; a user here). */
const needsRecentAuth = async (w: World) =>
	(await api(w.app, "POST", "/users/me/identities/company/link", { headers: w.user.headers, body: {} })).statusCode;

describe("re-authentication through a provider", () => {
	it("asks the provider for a new sign-in, then opens the recent-authentication window", async () => {
		const w = await world();
		expect(await needsRecentAuth(w)).toBe(403);
		const started = await startFromApp(w.app, REAUTH, w.user.headers, { return_to: "/settings/security" });
		const asked = new URL(started.authorizationUrl).searchParams;
		expect([asked.get("max_age"), asked.get("prompt")]).toEqual(["0", "login"]);
		w.op.signInAs("ada-sub");
		const fragment = await callbackFragment(w.app, await throughProvider(started.authorizationUrl), started.binding);
		expect(fragment).toEqual({ reauthenticated: "1", return_to: "/settings/security" });
		expect(await provedAt(w)).toBe(w.now());
		expect(await auditOf(w, "auth.reauthenticate")).toEqual([
			{ subjectId: w.user.id, details: { method: "oidc", provider: "company" } },
		]);
		expect(await needsRecentAuth(w)).toBe(200);
	});

	it("needs an identity of that provider on the account", async () => {
		const w = await world();
		await w.db.delete(userIdentities).where(eq(userIdentities.userId, w.user.id));
		const started = await startFromApp(w.app, REAUTH, w.user.headers);
		expect(started.res.statusCode).toBe(403);
		expect(started.res.json()).toEqual({ detail: expect.stringContaining("No account is linked") });
		expect(started.cookie).toBeUndefined();
	});

	it("refuses another identity of the provider (someone else signed in there): nothing opens", async () => {
		const w = await world();
		const before = await provedAt(w);
		w.op.signInAs("mallory-sub");
		expect(await roundTrip(w.app, REAUTH, w.user.headers)).toEqual({ error: "IDENTITY_NOT_LINKED", return_to: "/" });
		expect(await provedAt(w)).toBe(before);
		expect(await auditOf(w, "auth.login_failed")).toEqual([
			{
				subjectId: w.user.id,
				details: { during: "reauthenticate", method: "oidc", provider: "company", reason: "identity" },
			},
		]);
		expect(await auditOf(w, "auth.reauthenticate")).toEqual([]);
	});

	it("refuses an answer whose auth_time is before the flow started (a provider that ignored max_age=0)", async () => {
		const w = await world();
		// The provider signs in now (wall clock); the flow starts five minutes later by the app's clock,
		// from a session opened then (the first one's access token has ended meanwhile).
		w.advance(5 * MINUTE);
		const later = await newSession(w.app, w.user);
		w.op.signInAs("ada-sub");
		expect(await roundTrip(w.app, REAUTH, later.headers)).toEqual({
			error: "PROVIDER_SIGN_IN_FAILED",
			return_to: "/",
		});
		expect(await auditOf(w, "auth.reauthenticate")).toEqual([]);
		expect((await auditOf(w, "auth.login_failed"))[0]?.details).toMatchObject({ reason: "auth_time" });
	});

	it("refuses an id_token without auth_time (the request reached the provider without max_age)", async () => {
		const w = await world();
		const before = await provedAt(w);
		const started = await startFromApp(w.app, REAUTH, w.user.headers);
		const stripped = new URL(started.authorizationUrl);
		stripped.searchParams.delete("max_age");
		stripped.searchParams.delete("prompt");
		w.op.signInAs("ada-sub");
		expect(await callbackFragment(w.app, await throughProvider(stripped.href), started.binding)).toEqual({
			error: "PROVIDER_SIGN_IN_FAILED",
			return_to: "/",
		});
		expect(await provedAt(w)).toBe(before);
		expect((await auditOf(w, "auth.login_failed"))[0]?.details).toMatchObject({ reason: "auth_time" });
	});

	it("the session that started it must still be live at the end", async () => {
		const w = await world();
		const started = await startFromApp(w.app, REAUTH, w.user.headers);
		w.op.signInAs("ada-sub");
		const query = await throughProvider(started.authorizationUrl);
		expect((await api(w.app, "POST", "/login/logout", { headers: w.user.headers })).statusCode).toBe(200);
		expect(await callbackFragment(w.app, query, started.binding)).toEqual({
			error: "INVALID_CREDENTIALS",
			return_to: "/",
		});
		expect(await auditOf(w, "auth.reauthenticate")).toEqual([]);
	});

	it("the tRPC twin starts the same flow", async () => {
		const w = await world();
		const twin = await mutate(w.app, "identities.startReauth", { provider: "company" }, { headers: w.user.headers });
		const url = new URL((twin.data as { authorization_url: string }).authorization_url);
		expect(url.searchParams.get("max_age")).toBe("0");
		expect(String(twin.headers["set-cookie"])).toMatch(/portico_oidc=/);
	});
});
