import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { sessions } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

const me = (app: Parameters<typeof api>[0], token: string) => api(app, "GET", "/users/me", { headers: bearer(token) });
const refresh = (app: Parameters<typeof api>[0], refresh_token: string) =>
	api(app, "POST", "/login/refresh-token", { body: { refresh_token } });

describe("token rotation and reuse detection", () => {
	it("a rotated refresh token presented again revokes the whole session", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const first = await refresh(app, user.refreshToken);
		expect(first.statusCode).toBe(200);
		const pair = first.json();
		const reuse = await refresh(app, user.refreshToken);
		expect(reuse.statusCode).toBe(401);
		expect(reuse.json()).toEqual({ detail: "Could not validate credentials" });
		expect((await me(app, user.accessToken)).statusCode).toBe(401);
		expect((await me(app, pair.access_token)).statusCode).toBe(401);
		expect((await refresh(app, pair.refresh_token)).statusCode).toBe(401);
	});

	it("a known session id with any other wrong secret is only refused: the session lives on", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const [id] = user.refreshToken.split(".");
		const forged = await refresh(app, `${id}.${"a".repeat(52)}`);
		expect(forged.statusCode).toBe(401);
		expect(forged.json()).toEqual({ detail: "Could not validate credentials" });
		expect((await me(app, user.accessToken)).statusCode).toBe(200);
		expect((await refresh(app, user.refreshToken)).statusCode).toBe(200);
	});

	it("only the refresh secret the last rotation replaced counts as reuse, not older ones", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const second = (await refresh(app, user.refreshToken)).json();
		const third = (await refresh(app, second.refresh_token)).json();
		// The first secret is two rotations old: refused, harmless.
		expect((await refresh(app, user.refreshToken)).statusCode).toBe(401);
		expect((await me(app, third.access_token)).statusCode).toBe(200);
		// The second is the one just replaced: a copy is out there, the session ends.
		expect((await refresh(app, second.refresh_token)).statusCode).toBe(401);
		expect((await me(app, third.access_token)).statusCode).toBe(401);
	});

	it("refresh keeps the same session row and records the new IP and user agent", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const res = await app.inject({
			method: "POST",
			url: "/api/v1/login/refresh-token",
			remoteAddress: "10.0.0.9",
			headers: { "user-agent": "Phone/2.0" },
			payload: { refresh_token: user.refreshToken },
		});
		expect(res.statusCode).toBe(200);
		const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ ip: "10.0.0.9", userAgent: "Phone/2.0" });
		expect(res.json().access_token.split(".")[0]).toBe(rows[0]?.id);
	});
});

describe("session rows", () => {
	it("keep created, expiry, IP and user agent, and only hashes of the secrets", async () => {
		const { app, db, now } = await buildTestApp();
		const user = await seedUser(app);
		const t0 = now();
		const res = await loginForm(app, user.email, user.password, {
			ip: "10.9.8.7",
			headers: { "user-agent": "TestAgent/1.0" },
		});
		const { access_token, refresh_token } = res.json();
		const [id, secret] = access_token.split(".");
		const row = await first(db.select().from(sessions).where(eq(sessions.id, id)));
		expect(row).toMatchObject({ userId: user.id, ip: "10.9.8.7", userAgent: "TestAgent/1.0" });
		expect(row?.createdAt).toBeGreaterThanOrEqual(t0);
		expect(row?.accessExpiresAt).toBe((row?.createdAt ?? 0) + 15 * MINUTE);
		expect(row?.expiresAt).toBe((row?.createdAt ?? 0) + 30 * DAY);
		const stored = JSON.stringify(row);
		expect(stored).not.toContain(secret);
		expect(stored).not.toContain(refresh_token.split(".")[1]);
		expect(row?.accessHash).toHaveLength(32);
	});

	it("touch last_seen at most once a minute", async () => {
		const { app, db, advance } = await buildTestApp();
		const user = await seedUser(app);
		const [id] = user.accessToken.split(".");
		const lastSeen = async () =>
			(
				await first(
					db
						.select()
						.from(sessions)
						.where(eq(sessions.id, id as string)),
				)
			)?.lastSeenAt;
		const created = await lastSeen();
		advance(30_000);
		await me(app, user.accessToken);
		expect(await lastSeen()).toBe(created);
		advance(31_000);
		await me(app, user.accessToken);
		const touched = (await lastSeen()) ?? 0;
		expect(touched).toBeGreaterThanOrEqual((created ?? 0) + 61_000);
		advance(10_000);
		await me(app, user.accessToken);
		expect(await lastSeen()).toBe(touched);
	});
});

describe("expired sessions", () => {
	it("are removed when the user signs in again; live ones stay", async () => {
		const { app, db, advance } = await buildTestApp({ env: { REFRESH_TOKEN_TTL: "1d" } });
		const user = await seedUser(app);
		advance(DAY);
		const live = await newSession(app, user);
		advance(1000);
		const res = await loginForm(app, user.email, user.password);
		expect(res.statusCode).toBe(200);
		const ids = (await db.select().from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id).sort();
		expect(ids).toEqual([live.access_token.split(".")[0], res.json().access_token.split(".")[0]].sort());
	});
});

describe("expiry", () => {
	it("an access token left unused for ACCESS_TOKEN_TTL dies; the refresh token still renews it until its own TTL", async () => {
		const { app, advance } = await buildTestApp({ env: { ACCESS_TOKEN_TTL: "5m", REFRESH_TOKEN_TTL: "1d" } });
		const user = await seedUser(app);
		advance(5 * MINUTE);
		const expired = await me(app, user.accessToken);
		expect(expired.statusCode).toBe(401);
		expect(expired.json()).toEqual({ detail: "Could not validate credentials" });
		const renewed = await refresh(app, user.refreshToken);
		expect(renewed.statusCode).toBe(200);
		expect((await me(app, renewed.json().access_token)).statusCode).toBe(200);
		advance(DAY);
		const late = await refresh(app, renewed.json().refresh_token);
		expect(late.statusCode).toBe(401);
		expect(late.json()).toEqual({ detail: "Could not validate credentials" });
	});

	it("an access token in use slides on (a client that never refreshes keeps working), never past the session's expiry", async () => {
		const { app, advance } = await buildTestApp({ env: { ACCESS_TOKEN_TTL: "5m", REFRESH_TOKEN_TTL: "1h" } });
		const user = await seedUser(app);
		// Used every 4 minutes for 56 minutes: far past the 5-minute lifetime, never cut off.
		for (let minute = 4; minute <= 56; minute += 4) {
			advance(4 * MINUTE);
			expect((await me(app, user.accessToken)).statusCode, `minute ${minute}`).toBe(200);
		}
		// The session itself ends at 60 minutes, however busy the token is.
		advance(4 * MINUTE);
		expect((await me(app, user.accessToken)).statusCode).toBe(401);
	});

	it("a busy token's use is still only written about once a minute", async () => {
		const { app, advance, db } = await buildTestApp({ env: { ACCESS_TOKEN_TTL: "15m" } });
		const user = await seedUser(app);
		const expiry = async () =>
			(await first(db.select().from(sessions).where(eq(sessions.userId, user.id))))?.accessExpiresAt;
		const before = await expiry();
		advance(30_000);
		expect((await me(app, user.accessToken)).statusCode).toBe(200);
		expect(await expiry()).toBe(before);
		advance(30_000);
		expect((await me(app, user.accessToken)).statusCode).toBe(200);
		expect(await expiry()).toBe((before ?? 0) + 60_000);
	});
});

describe("revocation", () => {
	it("deactivation by an admin ends every session at once, refresh included; reactivation does not revive them", async () => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app);
		const second = await newSession(app, user);
		await api(app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { is_active: false } });
		for (const token of [user.accessToken, second.access_token]) expect((await me(app, token)).statusCode).toBe(401);
		expect((await refresh(app, second.refresh_token)).statusCode).toBe(401);
		await api(app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { is_active: true } });
		expect((await me(app, user.accessToken)).statusCode).toBe(401);
	});

	it("a password change ends the other sessions at once and keeps the current one", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const other = await newSession(app, user);
		const res = await api(app, "PATCH", "/users/me/password", {
			headers: user.headers,
			body: { current_password: user.password, new_password: "changed-password" },
		});
		expect(res.statusCode).toBe(200);
		expect((await me(app, other.access_token)).statusCode).toBe(401);
		expect((await refresh(app, other.refresh_token)).statusCode).toBe(401);
		expect((await me(app, user.accessToken)).statusCode).toBe(200);
		expect((await refresh(app, user.refreshToken)).statusCode).toBe(200);
	});

	it("deletion ends every session", async () => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app);
		await api(app, "DELETE", `/users/${user.id}`, { headers: admin.headers });
		expect((await me(app, user.accessToken)).statusCode).toBe(401);
		expect((await refresh(app, user.refreshToken)).statusCode).toBe(401);
	});
});
