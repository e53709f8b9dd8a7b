import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { auditEvents, mfaTokens, passkeys, sessions, userIdentities, users } from "../../../server/db/schema.ts";
import { atomically } from "../../../server/db/transaction.ts";
import { NO_PASSWORD } from "../../../server/lib/passwords.ts";
import { lockAccount } from "../../../server/services/identities/way-in.ts";
import { createSession } from "../../../server/services/sessions/session.ts";
import { finishProviderSignIn } from "../../../server/services/sign-in/oidc/callback.ts";
import { completeProviderSignIn } from "../../../server/services/sign-in/oidc/handoff.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { describeOnPostgres } from "../../helpers/engine.ts";
import { injectWithHeldBody } from "../../helpers/held-body.ts";
import { API, api } from "../../helpers/http.ts";
import { signInAtProvider } from "../../helpers/oidc-sign-in.ts";
import { linkIdentity, oidcWorld } from "../../helpers/oidc-world.ts";
import { addPasskey } from "../../helpers/passkeys.ts";
import { rawAll } from "../../helpers/raw-sql.ts";
import { META, refusal } from "../../helpers/services.ts";
import { mutate, query } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser, type TestUser } from "../../helpers/users.ts";

/**
 * Never without a way in (docs/decisions/039): a password, a passkey or a linked identity.
 * Unlinking an identity (own or an admin's) and removing a passkey are refused with 409
 * LAST_SIGN_IN_METHOD when they would leave none, counted in the transaction of the delete.
 */
const LAST = { detail: "This is the last way to sign in to the account: add another one before removing it" };

async function identity(test: TestApp, userId: string, provider = "company"): Promise<string> {
	const id = randomUUID();
	await test.db.insert(userIdentities).values({
		id,
		userId,
		provider,
		issuer: `https://${provider}.example.com`,
		subject: `sub-${id}`,
		emailAtLink: "ada@company.com",
		createdAt: test.now(),
		lastUsedAt: null,
	});
	return id;
}

const withoutPassword = (test: TestApp, user: TestUser) =>
	test.db.update(users).set({ hashedPassword: NO_PASSWORD }).where(eq(users.id, user.id));

const identityCount = async (test: TestApp, userId: string) =>
	(await test.db.select().from(userIdentities).where(eq(userIdentities.userId, userId))).length;
const passkeyCount = async (test: TestApp, userId: string) =>
	(await test.db.select().from(passkeys).where(eq(passkeys.userId, userId))).length;

const actions = async (test: TestApp) =>
	(await test.db.select().from(auditEvents)).map((row) => [row.action, row.subjectId, JSON.parse(row.details)]);

const unlink = (app: FastifyInstance, user: TestUser | { headers: Record<string, string> }, identityId: string) =>
	api(app, "DELETE", `/users/me/identities/${identityId}`, { headers: user.headers });

/** A session of the user made through `provider`, as its sign-in makes it, with its headers. */
async function sessionThrough(test: TestApp, userId: string, provider: string) {
	const through = { provider, endsAt: test.now() + 3_600_000 };
	const tokens = await atomically(test.app.deps, (deps) =>
		createSession(deps, userId, { ip: "127.0.0.1", userAgent: "vitest" }, through),
	);
	return { headers: { authorization: `Bearer ${tokens.access_token}` } };
}

/** An mfa token waiting for its code after a sign-in through `provider` (null: a password). */
async function pendingLogin(test: TestApp, userId: string, provider: string | null) {
	await test.db.insert(mfaTokens).values({
		tokenHash: randomUUID(),
		userId,
		attemptsLeft: 5,
		expiresAt: test.now() + 300_000,
		createdAt: test.now(),
		method: provider ? "oidc" : "password",
		provider,
	});
}

/** How each of the user's sessions (or half-done logins) was made: a provider's id, or "password". */
const sessionProviders = async (test: TestApp, userId: string) =>
	(await test.db.select().from(sessions).where(eq(sessions.userId, userId)))
		.map((row) => row.provider ?? "password")
		.sort();
const pendingProviders = async (test: TestApp, userId: string) =>
	(await test.db.select().from(mfaTokens).where(eq(mfaTokens.userId, userId)))
		.map((row) => row.provider ?? "password")
		.sort();

describe("unlinking an identity", () => {
	it("the last way in is refused (409 LAST_SIGN_IN_METHOD) and stays; with another way in it goes", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		await withoutPassword(test, user);
		const only = await identity(test, user.id);
		const refused = await unlink(test.app, user, only);
		expect([refused.statusCode, refused.json()]).toEqual([409, LAST]);
		expect(await identityCount(test, user.id)).toBe(1);

		const second = await identity(test, user.id, "other");
		expect((await unlink(test.app, user, only)).statusCode).toBe(204);
		expect(await identityCount(test, user.id)).toBe(1);
		expect((await unlink(test.app, user, second)).statusCode).toBe(409);
		expect((await actions(test)).filter(([action]) => action === "identity.unlink")).toEqual([
			["identity.unlink", user.id, { provider: "company", sessions_ended: 0 }],
		]);
	});

	it("a password is a way in; an invited account's NO_PASSWORD is not", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		expect((await unlink(test.app, user, await identity(test, user.id))).statusCode).toBe(204);
		await withoutPassword(test, user);
		expect((await unlink(test.app, user, await identity(test, user.id))).statusCode).toBe(409);
	});

	it("needs a recent proof of identity; someone else's identity is not found", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		const other = await seedUser(test.app);
		const theirs = await identity(test, other.id);
		expect((await unlink(test.app, user, theirs)).statusCode).toBe(404);
		test.advance(test.app.deps.config.reauthWindowMs + 1);
		expect((await unlink(test.app, user, await identity(test, user.id))).statusCode).toBe(403);
		expect(await identityCount(test, other.id)).toBe(1);
	});

	it("an admin's unlink obeys the same rule, and is audited as the admin's", async () => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		const linked = await identity(test, user.id);
		await withoutPassword(test, user);
		const url = `/users/${user.id}/identities/${linked}`;
		expect((await api(test.app, "DELETE", url, { headers: admin.headers })).json()).toEqual(LAST);
		await addPasskey(test.app, user);
		expect((await api(test.app, "DELETE", url, { headers: admin.headers })).statusCode).toBe(204);
		expect((await actions(test)).filter(([action]) => action === "admin.identity_unlink")).toEqual([
			["admin.identity_unlink", user.id, { provider: "company", sessions_ended: 0 }],
		]);
		const wrongUser = await api(test.app, "DELETE", `/users/${admin.id}/identities/${linked}`, {
			headers: admin.headers,
		});
		expect(wrongUser.statusCode).toBe(404);
	});
});

describe("what was entered through an unlinked identity ends", () => {
	it("the owner's unlink ends the other sessions and half-done logins through that provider; their own session stays", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		const linked = await identity(test, user.id, "company");
		await identity(test, user.id, "other");
		const here = await sessionThrough(test, user.id, "company");
		const elsewhere = await sessionThrough(test, user.id, "company");
		await sessionThrough(test, user.id, "other");
		await pendingLogin(test, user.id, "company");
		await pendingLogin(test, user.id, "other");
		await pendingLogin(test, user.id, null);

		expect((await unlink(test.app, here, linked)).statusCode).toBe(204);
		expect(await sessionProviders(test, user.id)).toEqual(["company", "other", "password"]);
		expect(await pendingProviders(test, user.id)).toEqual(["other", "password"]);
		expect((await api(test.app, "GET", "/users/me", { headers: elsewhere.headers })).statusCode).toBe(401);
		expect((await api(test.app, "GET", "/users/me", { headers: here.headers })).statusCode).toBe(200);
		expect((await actions(test)).filter(([action]) => action === "identity.unlink")).toEqual([
			["identity.unlink", user.id, { provider: "company", sessions_ended: 1 }],
		]);
	});

	it("an administrator's unlink ends every session made through it, and only those", async () => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		const linked = await identity(test, user.id, "company");
		await sessionThrough(test, user.id, "company");
		await sessionThrough(test, user.id, "company");
		await pendingLogin(test, user.id, "company");
		const url = `/users/${user.id}/identities/${linked}`;
		expect((await api(test.app, "DELETE", url, { headers: admin.headers })).statusCode).toBe(204);
		expect(await sessionProviders(test, user.id)).toEqual(["password"]);
		expect(await pendingProviders(test, user.id)).toEqual([]);
		expect((await api(test.app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(200);
		expect((await actions(test)).filter(([action]) => action === "admin.identity_unlink")).toEqual([
			["admin.identity_unlink", user.id, { provider: "company", sessions_ended: 2 }],
		]);
	});

	it("a hand-off the provider's callback gave before the unlink no longer signs in after it", async () => {
		const w = await oidcWorld();
		const user = await seedUser(w.app);
		await linkIdentity(w, user.id, "ada-sub");
		w.op.signInAs("ada-sub");
		const { binding, query } = await signInAtProvider(w);
		const handoff = await finishProviderSignIn(w.app.deps, "company", query, binding, META);
		const [linked] = await w.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
		expect((await unlink(w.app, user, linked?.id ?? "")).statusCode).toBe(204);
		const late = () => completeProviderSignIn(w.app.deps, handoff.code, binding, META);
		expect(await refusal(late)).toBe("PROVIDER_SIGN_IN_FAILED");
		expect(await sessionProviders(w, user.id)).toEqual(["password"]);
	});

	it("a refused unlink (the last way in) ends nothing", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		await withoutPassword(test, user);
		const only = await identity(test, user.id, "company");
		const here = await sessionThrough(test, user.id, "company");
		await sessionThrough(test, user.id, "company");
		expect((await unlink(test.app, here, only)).statusCode).toBe(409);
		expect(await sessionProviders(test, user.id)).toEqual(["company", "company", "password"]);
	});
});

describe("removing a passkey", () => {
	it("the last way in is refused; beside a password or an identity it goes", async () => {
		const test = await buildTestApp();
		const user = await addPasskey(test.app, await seedUser(test.app));
		await withoutPassword(test, user);
		const remove = () => api(test.app, "DELETE", `/users/me/passkeys/${user.passkeyId}`, { headers: user.headers });
		const refused = await remove();
		expect([refused.statusCode, refused.json()]).toEqual([409, LAST]);
		expect(await passkeyCount(test, user.id)).toBe(1);
		await identity(test, user.id);
		expect((await remove()).statusCode).toBe(200);
		expect(await passkeyCount(test, user.id)).toBe(0);
	});
});

describe("two tabs racing", () => {
	it("unlinking the identity and removing the passkey, both authenticated at once: exactly one wins", async () => {
		const test = await buildTestApp();
		const user = await addPasskey(test.app, await seedUser(test.app));
		await withoutPassword(test, user);
		const linked = await identity(test, user.id);
		const headers = { ...user.headers, "content-type": "application/json" };
		// Both requests are held after their authentication, then go on together.
		const tabs = [
			injectWithHeldBody(test.app, { method: "DELETE", url: `${API}/users/me/identities/${linked}`, headers }, ""),
			injectWithHeldBody(
				test.app,
				{ method: "DELETE", url: `${API}/users/me/passkeys/${user.passkeyId}`, headers },
				"",
			),
		];
		await Promise.all(tabs.map((tab) => tab.reading));
		for (const tab of tabs) tab.release();
		const [unlinked, removed] = await Promise.all(tabs.map((tab) => tab.response));
		const statuses = [unlinked?.statusCode, removed?.statusCode];
		expect(statuses.filter((status) => status === 409)).toHaveLength(1);
		expect(statuses.filter((status) => status === 204 || status === 200)).toHaveLength(1);
		expect((await identityCount(test, user.id)) + (await passkeyCount(test, user.id))).toBe(1);
	});
});

// PostgreSQL's own mechanism: SQLite's IMMEDIATE transaction is the one writer already (lockUserRow does nothing there).
describeOnPostgres("the user's row lock", () => {
	it("holds the user's row until the removal's transaction ends", async () => {
		const test = await buildTestApp();
		const user = await seedUser(test.app);
		const outcome = await atomically(test.app.deps, async (deps) => {
			await lockAccount(deps, user.id);
			// Another connection, as another instance would write (outside the advisory lock).
			return rawAll(test.db, "SELECT id FROM users WHERE id = ? FOR UPDATE NOWAIT", [user.id]).then(
				() => "taken",
				(error: { code?: string }) => error.code,
			);
		});
		expect(outcome).toBe("55P03");
		expect(await rawAll(test.db, "SELECT id FROM users WHERE id = ? FOR UPDATE NOWAIT", [user.id])).toHaveLength(1);
	});
});

describe("the sign-in methods", () => {
	it("lists the caller's ways in, and a user's identities for a superuser (REST and tRPC)", async () => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const user = await addPasskey(test.app, await seedUser(test.app));
		const linked = await identity(test, user.id);
		const mine = await api(test.app, "GET", "/users/me/sign-in-methods", { headers: user.headers });
		const item = {
			id: linked,
			provider: "company",
			provider_name: "company",
			kind: "oidc",
			email_at_link: "ada@company.com",
			created_at: new Date(test.now()).toISOString(),
			last_used_at: null,
		};
		expect(mine.json()).toEqual({ password: true, password_enforced_by: null, passkeys: 1, identities: [item] });
		expect((await query(test.app, "identities.mine", undefined, { headers: user.headers })).data).toEqual(mine.json());
		const ofUser = await api(test.app, "GET", `/users/${user.id}/identities`, { headers: admin.headers });
		expect(ofUser.json()).toEqual({ data: [item], count: 1 });
		expect((await query(test.app, "admin.identities", { user_id: user.id }, { headers: admin.headers })).data).toEqual({
			data: [item],
			count: 1,
		});
		expect((await api(test.app, "GET", `/users/${user.id}/identities`, { headers: user.headers })).statusCode).toBe(
			403,
		);
	});

	it("the tRPC twins of unlinking obey the same rule", async () => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		await withoutPassword(test, user);
		const linked = await identity(test, user.id);
		const own = await mutate(test.app, "identities.unlink", { identity_id: linked }, { headers: user.headers });
		expect([own.status, own.error?.reason]).toEqual([409, "LAST_SIGN_IN_METHOD"]);
		const byAdmin = await mutate(
			test.app,
			"admin.unlinkIdentity",
			{ user_id: user.id, identity_id: linked },
			{ headers: admin.headers },
		);
		expect([byAdmin.status, byAdmin.error?.reason]).toEqual([409, "LAST_SIGN_IN_METHOD"]);
		await identity(test, user.id, "other");
		expect(
			(await mutate(test.app, "identities.unlink", { identity_id: linked }, { headers: user.headers })).status,
		).toBe(200);
		expect(await identityCount(test, user.id)).toBe(1);
	});
});
