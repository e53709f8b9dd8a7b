import { hash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PAT_PATTERN } from "../../../server/lib/access-tokens.ts";
import { recoveryEmailHtml } from "../../../server/services/account/password-reset.ts";
import { runHousekeeping } from "../../../server/services/housekeeping.ts";
import { issueAccountToken, REVERT_LINK_TTL_MS } from "../../../server/services/links/email-links.ts";
import { createPat } from "../../helpers/access-tokens.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { injectWithHeldBody } from "../../helpers/held-body.ts";
import { API, api, bearer } from "../../helpers/http.ts";
import { rawAll, rawGet } from "../../helpers/raw-sql.ts";
import { authOf } from "../../helpers/services.ts";
import { mutate, query } from "../../helpers/trpc.ts";
import { outbox } from "../../helpers/two-factor.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

const DAY = 86_400_000;
const me = (headers: object) => ({ headers: headers as { authorization: string } });
const detail = (res: { json: () => unknown }) => (res.json() as { detail: unknown }).detail;

describe("personal access tokens: the format and what is stored", () => {
	it("is shown once, matches the documented pattern, and only its secret's SHA-256 is stored", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const pat = await createPat(app, user, ["read"]);
		expect(pat.token).toMatch(new RegExp(`^${PAT_PATTERN.source}$`));
		const row = await rawGet<Record<string, unknown>>(db, "SELECT * FROM api_tokens WHERE id = ?", [pat.id]);
		const secret = pat.token.slice(`portico_pat_${pat.id}_`.length, -7);
		expect(Buffer.from(row?.secret_hash as Uint8Array)).toEqual(hash("sha256", secret, "buffer"));
		expect(JSON.stringify(Object.values(row ?? {}).map(String))).not.toContain(secret);
		// Listed later without it.
		const list = await api(app, "GET", "/users/me/tokens", me(user.headers));
		expect(list.body).not.toContain(secret);
		expect(list.json()).toMatchObject({ count: 1, data: [{ id: pat.id, scopes: ["read"], last_used_at: null }] });
	});

	it("refuses a token whose checksum fails without counting it; a well-formed wrong one counts in the client's login bucket", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const pat = await createPat(app, user, ["read"]);
		const flipped = `${pat.token.slice(0, -8)}${pat.token.at(-8) === "a" ? "b" : "a"}${pat.token.slice(-7)}`;
		// 20 is the login bucket's burst: garbage never empties it.
		for (let i = 0; i < 25; i++) {
			const res = await api(app, "GET", "/users/me", { headers: bearer(flipped), ip: "10.9.0.1" });
			expect(res.statusCode).toBe(401);
		}
		// A well-formed token of a revoked row: counted, so the bucket empties.
		await api(app, "DELETE", `/users/me/tokens/${pat.id}`, me(user.headers));
		const statuses: number[] = [];
		for (let i = 0; i < 21; i++)
			statuses.push((await api(app, "GET", "/users/me", { headers: pat.headers, ip: "10.9.0.2" })).statusCode);
		expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
		expect(statuses[20]).toBe(429);
	});

	it("is a Bearer credential only: as the session cookie it is nothing", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const pat = await createPat(app, user, ["read"]);
		const res = await api(app, "GET", "/users/me", { headers: { cookie: `portico_session=${pat.token}` } as never });
		expect(res.statusCode).toBe(401);
		expect((await api(app, "GET", "/users/me", me(pat.headers))).statusCode).toBe(200);
	});
});

describe("personal access tokens: scopes", () => {
	it("does what its scopes allow and nothing else", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const read = await createPat(app, user, ["read"]);
		const write = await createPat(app, user, ["write"]);
		expect((await api(app, "GET", "/users/me", me(read.headers))).statusCode).toBe(200);
		const refused = await api(app, "PATCH", "/profile/me", { ...me(read.headers), body: { age: 40 } });
		expect([refused.statusCode, detail(refused)]).toEqual([403, "The access token's scopes do not allow this"]);
		expect((await api(app, "GET", "/users/me", me(write.headers))).statusCode).toBe(403);
		expect((await api(app, "PATCH", "/profile/me", { ...me(write.headers), body: { age: 40 } })).statusCode).toBe(200);
	});

	it("never changes credentials, tokens, sessions or the account itself, whatever its scopes", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const all = await createPat(app, admin, ["read", "write", "admin:read", "admin:write"]);
		const calls: Array<[Parameters<typeof api>[1], string, unknown?]> = [
			["PATCH", "/users/me/password", { current_password: admin.password, new_password: "another-password" }],
			["PATCH", "/users/me", { email: "moved@example.com" }],
			["POST", "/users/me/tokens", { name: "more", scopes: ["read"] }],
			["GET", "/users/me/tokens"],
			["DELETE", `/users/me/tokens/${all.id}`],
			["POST", "/users/me/totp/setup"],
			["GET", "/users/me/passkeys"],
			["DELETE", "/users/me/sessions"],
			["POST", "/login/logout-all"],
			["POST", "/login/logout"],
			["POST", "/login/reauthenticate", { password: admin.password }],
			["DELETE", "/users/me"],
		];
		for (const [method, path, body] of calls) {
			const res = await api(app, method, path, { ...me(all.headers), ...(body !== undefined && { body }) });
			expect({ path, status: res.statusCode, detail: detail(res) }).toEqual({
				path,
				status: 403,
				detail: "This cannot be done with an access token",
			});
		}
		// And it still works: nothing above changed anything.
		expect((await api(app, "GET", "/users/me", me(all.headers))).json()).toMatchObject({ email: admin.email });
	});

	it("is never accepted by tRPC", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const pat = await createPat(app, user, ["read", "write"]);
		const res = await query(app, "users.me", undefined, { headers: pat.headers });
		expect(res.status).toBe(403);
		expect((await mutate(app, "tokens.create", { name: "x", scopes: ["read"] }, { headers: pat.headers })).status).toBe(
			403,
		);
	});

	it("admin scopes work only while the owner is a superuser: a demotion stops them on the next request", async () => {
		const { app } = await buildTestApp();
		const owner = await seedAdmin(app);
		const other = await seedUser(app, { isSuperuser: true });
		const pat = await createPat(app, owner, ["read", "admin:read"]);
		const readOnly = await createPat(app, owner, ["read"]);
		expect((await api(app, "GET", "/users/", me(pat.headers))).statusCode).toBe(200);
		// A superuser's token without an admin scope is a plain user's.
		expect((await api(app, "GET", `/users/${other.id}`, me(readOnly.headers))).statusCode).toBe(403);
		expect((await api(app, "GET", `/users/${other.id}`, me(pat.headers))).statusCode).toBe(200);
		const demoted = await api(app, "PATCH", `/users/${owner.id}`, {
			...me(other.headers),
			body: { is_superuser: false },
		});
		expect(demoted.statusCode).toBe(200);
		const after = await api(app, "GET", "/users/", me(pat.headers));
		expect([after.statusCode, detail(after)]).toEqual([403, "The access token's scopes do not allow this"]);
		expect((await api(app, "GET", "/users/me", me(pat.headers))).statusCode).toBe(200);
	});

	it("a plain user cannot give a token admin scopes", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await api(app, "POST", "/users/me/tokens", {
			...me(user.headers),
			body: { name: "x", scopes: ["admin:read"] },
		});
		expect(res.statusCode).toBe(403);
	});
});

describe("personal access tokens: creation", () => {
	it("needs a recent proof of identity, an end within PAT_MAX_TTL, a bounded one-line name", async () => {
		const { app, advance } = await buildTestApp({ env: { PAT_MAX_TTL: "90d" } });
		const user = await seedUser(app);
		const long = await api(app, "POST", "/users/me/tokens", {
			...me(user.headers),
			body: { name: "x", scopes: ["read"], expires_in_days: 91 },
		});
		expect([long.statusCode, detail(long)]).toEqual([
			400,
			"The access token would live longer than this server allows",
		]);
		for (const name of ["", "a".repeat(101), "two\nlines"]) {
			const bad = await api(app, "POST", "/users/me/tokens", { ...me(user.headers), body: { name, scopes: ["read"] } });
			expect(bad.statusCode).toBe(422);
		}
		expect(
			(await api(app, "POST", "/users/me/tokens", { ...me(user.headers), body: { name: "x", scopes: [] } })).statusCode,
		).toBe(422);
		advance(11 * 60_000);
		const stale = await api(app, "POST", "/users/me/tokens", {
			...me(user.headers),
			body: { name: "x", scopes: ["read"] },
		});
		expect([stale.statusCode, detail(stale)]).toEqual([403, "Please confirm your identity"]);
		// Nothing refused was made.
		expect((await api(app, "GET", "/users/me/tokens", me(user.headers))).json()).toMatchObject({ count: 0 });
	});

	it("defaults to 30 days, is audited, and mails the owner", async () => {
		const { app, db, now, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const pat = await createPat(app, user, ["read", "write"], { name: "backup-script" });
		const row = await rawGet<{ expires_at: number }>(db, "SELECT expires_at FROM api_tokens WHERE id = ?", [pat.id]);
		expect(Number(row?.expires_at)).toBe(now() + 30 * DAY);
		const audit = await rawGet<{ details: string }>(
			db,
			"SELECT details FROM audit_events WHERE action = 'token.create' AND subject_id = ?",
			[user.id],
		);
		expect(JSON.parse(audit?.details ?? "{}")).toEqual({
			id: pat.id,
			name: "backup-script",
			scopes: ["read", "write"],
			expires_at: new Date(now() + 30 * DAY).toISOString(),
		});
		const mails = (await outbox(app, dataDir)).filter((mail) => mail.subject === "A new access token was created");
		expect(mails).toHaveLength(1);
		expect(mails[0]?.headers.to).toContain(user.email);
		expect(mails[0]?.text).toContain("backup-script");
		expect(mails[0]?.text).not.toContain(pat.token);
	});
});

describe("personal access tokens: seen ended at once", () => {
	async function world() {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		const pat = await createPat(test.app, user, ["read"]);
		// Warm: the check is remembered (the first use also writes the last use).
		for (let i = 0; i < 2; i++) expect((await api(test.app, "GET", "/users/me", me(pat.headers))).statusCode).toBe(200);
		const ok = async () => (await api(test.app, "GET", "/users/me", me(pat.headers))).statusCode;
		return { ...test, admin, user, pat, ok };
	}

	it("revoked by its owner", async () => {
		const w = await world();
		expect((await api(w.app, "DELETE", `/users/me/tokens/${w.pat.id}`, me(w.user.headers))).statusCode).toBe(200);
		expect(await w.ok()).toBe(401);
		expect((await api(w.app, "DELETE", `/users/me/tokens/${w.pat.id}`, me(w.user.headers))).statusCode).toBe(404);
	});

	it("revoked by a superuser, who sees it in the user's list and in the list of all", async () => {
		const w = await world();
		const listed = await api(w.app, "GET", `/tokens/?user_id=${w.user.id}`, me(w.admin.headers));
		expect(listed.json()).toMatchObject({ count: 1, data: [{ id: w.pat.id, user_email: w.user.email }] });
		const path = `/users/${w.user.id}/tokens/${w.pat.id}`;
		expect((await api(w.app, "DELETE", path, me(w.admin.headers))).statusCode).toBe(200);
		expect(await w.ok()).toBe(401);
		expect((await api(w.app, "GET", "/tokens/", me(w.admin.headers))).json()).toMatchObject({ count: 0 });
		const all = await api(w.app, "GET", `/users/${w.user.id}/tokens`, me(w.admin.headers));
		expect(all.json()).toMatchObject({ count: 1, data: [{ id: w.pat.id }] });
		expect((all.json() as { data: { revoked_at: string | null }[] }).data[0]?.revoked_at).not.toBeNull();
	});

	it("past its end, then swept with a token.expire row", async () => {
		const w = await world();
		w.advance(30 * DAY);
		expect(await w.ok()).toBe(401);
		await runHousekeeping(w.app.deps);
		expect(await rawAll(w.db, "SELECT id FROM api_tokens")).toEqual([]);
		const expired = await rawAll(w.db, "SELECT subject_id FROM audit_events WHERE action = 'token.expire'");
		expect(expired).toEqual([{ subject_id: w.user.id }]);
	});

	it("a week before its end, its owner is told once (the housekeeping)", async () => {
		const { app, dataDir, advance } = await buildTestApp();
		const user = await seedUser(app);
		await createPat(app, user, ["read"], { name: "nightly", days: 10 });
		const told = async () =>
			(await outbox(app, dataDir)).filter((mail) => mail.subject === "An access token ends soon").length;
		await runHousekeeping(app.deps);
		expect(await told()).toBe(0);
		advance(3 * DAY);
		await runHousekeeping(app.deps);
		expect(await told()).toBe(1);
		await runHousekeeping(app.deps);
		expect(await told()).toBe(1);
	});

	it("its owner deactivated (and it stays revoked once reactivated), or deleted", async () => {
		const w = await world();
		const set = (is_active: boolean) =>
			api(w.app, "PATCH", `/users/${w.user.id}`, { ...me(w.admin.headers), body: { is_active } });
		expect((await set(false)).statusCode).toBe(200);
		expect(await w.ok()).toBe(401);
		expect((await set(true)).statusCode).toBe(200);
		expect(await w.ok()).toBe(401);
		const other = await seedUser(w.app);
		const pat = await createPat(w.app, other, ["read"]);
		expect((await api(w.app, "GET", "/users/me", me(pat.headers))).statusCode).toBe(200);
		expect((await api(w.app, "DELETE", `/users/${other.id}`, me(w.admin.headers))).statusCode).toBe(200);
		expect((await api(w.app, "GET", "/users/me", me(pat.headers))).statusCode).toBe(401);
	});

	it("account recovery: a password reset by link revokes every token", async () => {
		const w = await world();
		const html = await recoveryEmailHtml(w.app.deps, await authOf(w.app, w.admin), w.user.email, undefined);
		const token = /token=([A-Za-z0-9_-]{43})/.exec(html)?.[1];
		const reset = await api(w.app, "POST", "/reset-password/", {
			body: { token, new_password: "a-brand-new-password" },
		});
		expect(reset.statusCode).toBe(200);
		expect(await w.ok()).toBe(401);
		const row = await rawGet(w.db, "SELECT details FROM audit_events WHERE action = 'token.revoke'");
		expect(JSON.parse(String(row?.details))).toEqual({ reason: "password_reset", count: 1 });
	});

	it('account recovery: "This wasn\'t me" revokes every token', async () => {
		const w = await world();
		const token = await issueAccountToken(w.app.deps, w.user.id, "email_revert", "old@example.com", REVERT_LINK_TTL_MS);
		expect((await api(w.app, "POST", "/revert-email/", { body: { token } })).statusCode).toBe(200);
		expect(await w.ok()).toBe(401);
	});

	it("a plain password change and logout-all keep tokens (scripts keep running)", async () => {
		const w = await world();
		const changed = await api(w.app, "PATCH", "/users/me/password", {
			...me(w.user.headers),
			body: { current_password: w.user.password, new_password: "another-password-9" },
		});
		expect(changed.statusCode).toBe(200);
		expect(await w.ok()).toBe(200);
	});
});

describe("personal access tokens: last use and audit", () => {
	it("writes the last use at most once a minute, with the client's address", async () => {
		const { app, db, now, advance } = await buildTestApp();
		const user = await seedUser(app);
		const pat = await createPat(app, user, ["read"]);
		const lastUse = async () =>
			await rawGet<{ last_used_at: number | null; last_used_ip: string | null }>(
				db,
				"SELECT last_used_at, last_used_ip FROM api_tokens WHERE id = ?",
				[pat.id],
			);
		const first = now();
		await api(app, "GET", "/users/me", { ...me(pat.headers), ip: "10.1.2.3" });
		expect(await lastUse()).toEqual({ last_used_at: first, last_used_ip: "10.1.2.3" });
		advance(59_000);
		await api(app, "GET", "/users/me", { ...me(pat.headers), ip: "10.1.2.4" });
		expect(Number((await lastUse())?.last_used_at)).toBe(first);
		advance(1_000);
		await api(app, "GET", "/users/me", { ...me(pat.headers), ip: "10.1.2.5" });
		expect(await lastUse()).toEqual({ last_used_at: first + 60_000, last_used_ip: "10.1.2.5" });
	});

	it("names the token on every audit row written through it (details.via)", async () => {
		const { app, db } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		const pat = await createPat(app, admin, ["admin:write"], { name: "offboarding" });
		const res = await api(app, "DELETE", `/users/${user.id}/sessions`, me(pat.headers));
		expect(res.statusCode).toBe(200);
		const row = await rawGet(db, "SELECT actor_id, details FROM audit_events WHERE action = 'admin.sessions_revoke'");
		expect(row?.actor_id).toBe(admin.id);
		expect(JSON.parse(String(row?.details)).via).toEqual({ token_id: pat.id, name: "offboarding" });
		// Through a session, no via.
		await api(app, "DELETE", `/users/${user.id}/sessions`, me(admin.headers));
		const rows = await rawAll(
			db,
			"SELECT details FROM audit_events WHERE action = 'admin.sessions_revoke' ORDER BY id",
		);
		expect(JSON.parse(String(rows[1]?.details)).via).toBeUndefined();
	});
});

describe("personal access tokens: a write decided before its body arrived", () => {
	async function held(app: Parameters<typeof injectWithHeldBody>[0], url: string, token: string, body: object) {
		const request = injectWithHeldBody(
			app,
			{ method: "PATCH", url: `${API}${url}`, headers: { ...bearer(token), "content-type": "application/json" } },
			JSON.stringify(body),
		);
		await Promise.race([request.reading, request.response]);
		return request;
	}

	it("is refused and changes nothing when the token is revoked meanwhile (the control goes through)", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const pat = await createPat(app, user, ["write"]);
		const control = await held(app, "/profile/me", pat.token, { age: 40 });
		control.release();
		expect((await control.response).statusCode).toBe(200);
		const request = await held(app, "/profile/me", pat.token, { age: 41 });
		await api(app, "DELETE", `/users/me/tokens/${pat.id}`, me(user.headers));
		request.release();
		expect((await request.response).statusCode).toBe(401);
		expect(await rawGet(db, "SELECT age FROM profiles WHERE user_id = ?", [user.id])).toEqual({ age: 40 });
	});

	it("an admin token's write is refused when its owner is demoted meanwhile", async () => {
		const { app } = await buildTestApp();
		const owner = await seedAdmin(app);
		const other = await seedUser(app, { isSuperuser: true });
		const target = await seedUser(app, { fullName: "Before" });
		const pat = await createPat(app, owner, ["admin:write"]);
		const request = await held(app, `/users/${target.id}`, pat.token, { full_name: "After" });
		await api(app, "PATCH", `/users/${owner.id}`, { ...me(other.headers), body: { is_superuser: false } });
		request.release();
		expect((await request.response).statusCode).toBe(403);
		const now = await api(app, "GET", `/users/${target.id}`, me(other.headers));
		expect(now.json()).toMatchObject({ full_name: "Before" });
	});
});
