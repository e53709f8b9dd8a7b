import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passkeys, sessions, users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, bearer, FORBIDDEN, loginForm } from "../../helpers/http.ts";
import { query } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const DAY = 86_400_000;

/** Logs in through the REST form (so the sign-in is recorded), from a given device; returns the bearer header. */
async function signIn(
	app: Awaited<ReturnType<typeof buildTestApp>>["app"],
	user: { email: string; password: string },
	ip: string,
	userAgent: string,
) {
	const res = await loginForm(app, user.email, user.password, { ip, headers: { "user-agent": userAgent } });
	expect(res.statusCode, res.body).toBe(200);
	return bearer(res.json<{ access_token: string }>().access_token);
}

describe("the account at a glance (GET /users/me/summary, dashboard.account)", () => {
	it("a first sign-in has no earlier one; the next session names the first's device, time and address", async () => {
		const { app, advance, now } = await buildTestApp();
		const user = await seedUser(app, { emailVerified: false });
		const first = await signIn(app, user, "10.1.1.1", FIREFOX_LINUX);
		const firstSummary = await api(app, "GET", "/users/me/summary", { headers: first });
		expect(firstSummary.statusCode).toBe(200);
		expect(firstSummary.json()).toEqual({
			email_verified: false,
			two_factor_enabled: false,
			passkeys: 0,
			// The seeded session and this one.
			active_sessions: 2,
			last_sign_in: null,
		});

		const firstAt = new Date(now()).toISOString();
		advance(3_600_000);
		const second = await signIn(app, user, "10.2.2.2", SAFARI_IPHONE);
		const summary = (await api(app, "GET", "/users/me/summary", { headers: second })).json();
		expect(summary.active_sessions).toBe(3);
		expect(summary.last_sign_in).toEqual({
			at: firstAt,
			ip: "10.1.1.1",
			browser: "Firefox 133",
			os: "Linux",
			device_type: "desktop",
		});

		// The same rule through tRPC.
		const viaTrpc = await query(app, "dashboard.account", undefined, { headers: second });
		expect(viaTrpc.data).toEqual(summary);
	});

	it("counts passkeys and live sessions only, and reads two-factor from totp_enabled_at", async () => {
		const { app, now } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		for (const owner of [user.id, user.id, other.id])
			await app.deps.db.insert(passkeys).values({
				id: randomUUID(),
				userId: owner,
				publicKey: Buffer.from("k"),
				counter: 0,
				name: "Key",
				createdAt: now(),
			});
		const second = await signIn(app, user, "10.3.3.3", FIREFOX_LINUX);
		// A third session that has expired does not count.
		const third = await signIn(app, user, "10.3.3.4", FIREFOX_LINUX);
		const thirdId = third.authorization.slice("Bearer ".length).split(".")[0] as string;
		await app.deps.db
			.update(sessions)
			.set({ expiresAt: now() - 1 })
			.where(eq(sessions.id, thirdId));
		// After the sign-ins: with two-factor on, a password alone would not open a session.
		await app.deps.db.update(users).set({ totpEnabledAt: now() }).where(eq(users.id, user.id));

		const summary = (await api(app, "GET", "/users/me/summary", { headers: second })).json();
		expect(summary).toMatchObject({ two_factor_enabled: true, passkeys: 2, active_sessions: 2 });
		expect((await api(app, "GET", "/users/me/summary", { headers: other.headers })).json()).toMatchObject({
			two_factor_enabled: false,
			passkeys: 1,
			active_sessions: 1,
		});
	});

	it("needs a session", async () => {
		const { app } = await buildTestApp();
		expect((await api(app, "GET", "/users/me/summary")).statusCode).toBe(401);
		expect((await query(app, "dashboard.account")).error?.code).toBe("UNAUTHORIZED");
	});
});

describe("all accounts in numbers (GET /users/summary, dashboard.users)", () => {
	it("counts users, inactive users and the accounts made in the last 7 days, for superusers only", async () => {
		const { app, now } = await buildTestApp();
		const admin = await seedAdmin(app);
		await seedUser(app, { isActive: false });
		await seedUser(app, { createdAt: now() - 8 * DAY });
		await seedUser(app, { createdAt: now() - 6 * DAY, isActive: false });
		const plain = await seedUser(app);

		const res = await api(app, "GET", "/users/summary", { headers: admin.headers });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ users: 5, inactive_users: 2, signups_last_7_days: 4 });
		expect((await query(app, "dashboard.users", undefined, { headers: admin.headers })).data).toEqual(res.json());

		const refused = await api(app, "GET", "/users/summary", { headers: plain.headers });
		expect(refused.statusCode).toBe(403);
		expect(refused.json()).toEqual(FORBIDDEN);
		expect((await query(app, "dashboard.users", undefined, { headers: plain.headers })).error?.code).toBe("FORBIDDEN");
	});
});
