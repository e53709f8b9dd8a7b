import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resetTokens, sessions } from "../../../server/db/schema.ts";
import { hashSecretHex } from "../../../server/lib/tokens.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { hashGate } from "../../helpers/hash-gate.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

/**
 * Every account event against every request that decided something before an await:
 * the request is held at the gate right after its hash step, the event lands, and the
 * request then goes on. What it decided on no longer holds, so it must change nothing.
 */
const OLD = "old-password-1";
const OWNER_NEW = "owner-new-password";
const ATTACKER_NEW = "attacker-password";
const RESET_TOKEN = "r".repeat(43);

async function setup() {
	const gate = hashGate();
	const test = await buildTestApp({ passwords: gate.hasher });
	const { app, db } = test;
	const admin = await seedUser(app, { isSuperuser: true });
	// The owner's own device, and a second session: another device, or a thief's copy.
	const owner = await seedUser(app, { password: OLD, email: "owner@example.com" });
	const other = await newSession(app, owner);
	await db.insert(resetTokens).values({
		tokenHash: hashSecretHex(RESET_TOKEN),
		userId: owner.id,
		expiresAt: test.now() + 3_600_000,
		createdAt: test.now(),
	});
	const sessionCount = async () => (await db.select().from(sessions).where(eq(sessions.userId, owner.id))).length;
	let ip = 0;
	const loginAs = (email: string, password: string) => loginForm(app, email, password, { ip: `10.77.0.${++ip}` });
	return { ...test, gate, admin, owner, other, sessionCount, loginAs };
}
type Setup = Awaited<ReturnType<typeof setup>>;

type AccountEvent = {
	name: string;
	/** Whether the event hashes a password (then it can itself be held while a refresh lands). */
	hashes: boolean;
	run: (s: Setup) => ReturnType<typeof api>;
	/** The owner's password and e-mail afterwards, or null when nobody can sign in. */
	after: { email: string; password: string } | null;
	/** Whether the owner's sessions survive it. */
	keepsSessions: boolean;
	/** The owner's sessions left after it (a password change keeps the device that made it). */
	sessionsLeft: number;
};

const events: AccountEvent[] = [
	{
		name: "a password reset",
		hashes: true,
		run: (s) => api(s.app, "POST", "/reset-password/", { body: { token: RESET_TOKEN, new_password: OWNER_NEW } }),
		after: { email: "owner@example.com", password: OWNER_NEW },
		keepsSessions: false,
		sessionsLeft: 0,
	},
	{
		name: "the owner's password change",
		hashes: true,
		run: (s) =>
			api(s.app, "PATCH", "/users/me/password", {
				headers: s.owner.headers,
				body: { current_password: OLD, new_password: OWNER_NEW },
			}),
		after: { email: "owner@example.com", password: OWNER_NEW },
		keepsSessions: false,
		sessionsLeft: 1,
	},
	{
		name: "an admin setting the password",
		hashes: true,
		run: (s) =>
			api(s.app, "PATCH", `/users/${s.owner.id}`, { headers: s.admin.headers, body: { password: OWNER_NEW } }),
		after: { email: "owner@example.com", password: OWNER_NEW },
		keepsSessions: false,
		sessionsLeft: 0,
	},
	{
		name: "a deactivation",
		hashes: false,
		run: (s) => api(s.app, "PATCH", `/users/${s.owner.id}`, { headers: s.admin.headers, body: { is_active: false } }),
		after: null,
		keepsSessions: false,
		sessionsLeft: 0,
	},
	{
		name: "a deletion",
		hashes: false,
		run: (s) => api(s.app, "DELETE", `/users/${s.owner.id}`, { headers: s.admin.headers }),
		after: null,
		keepsSessions: false,
		sessionsLeft: 0,
	},
	{
		name: "an e-mail change",
		hashes: false,
		run: (s) => api(s.app, "PATCH", "/users/me", { headers: s.owner.headers, body: { email: "moved@example.com" } }),
		after: { email: "moved@example.com", password: OLD },
		keepsSessions: true,
		sessionsLeft: 2,
	},
];

/** Runs `request` up to the gate after its `step`, lands the event there, then lets the request finish. */
async function interleave(
	s: Setup,
	step: "hash" | "verify",
	request: () => ReturnType<typeof api>,
	event: AccountEvent,
) {
	const held = s.gate.pauseAfter(step);
	const pending = request();
	await held.reached;
	const eventAnswer = await event.run(s);
	expect(eventAnswer.statusCode, `${event.name} itself`).toBe(200);
	held.release();
	return pending;
}

describe.each(events)("$name", (event) => {
	it("lands while a login with the old password is between its verify and its session", async () => {
		const s = await setup();
		const before = await s.sessionCount();
		const res = await interleave(s, "verify", () => s.loginAs("owner@example.com", OLD), event);
		if (event.after?.password === OLD) {
			// Only the address moved: the password checked is still the account's, but not under that e-mail.
			expect(res.statusCode).toBe(400);
			expect(res.json()).toEqual({ detail: "Incorrect email or password" });
		} else if (event.name === "a deactivation") {
			expect(res.json()).toEqual({ detail: "Inactive user" });
		} else {
			expect(res.statusCode).toBe(400);
			expect(res.json()).toEqual({ detail: "Incorrect email or password" });
		}
		expect(before).toBe(2);
		expect(await s.sessionCount()).toBe(event.sessionsLeft);
		if (event.after) expect((await s.loginAs(event.after.email, event.after.password)).statusCode).toBe(200);
	});

	it("lands while another session's password change is between its hash and its write", async () => {
		const s = await setup();
		const res = await interleave(
			s,
			"hash",
			() =>
				api(s.app, "PATCH", "/users/me/password", {
					headers: bearer(s.other.access_token),
					body: { current_password: OLD, new_password: ATTACKER_NEW },
				}),
			event,
		);
		if (event.keepsSessions) {
			// Nothing the change was decided on moved (same session, same password): it goes through.
			expect(res.statusCode).toBe(200);
			expect((await s.loginAs("moved@example.com", ATTACKER_NEW)).statusCode).toBe(200);
			return;
		}
		expect(res.statusCode).toBe(401);
		expect(res.json()).toEqual({ detail: "Could not validate credentials" });
		const email = event.after?.email ?? "owner@example.com";
		expect((await s.loginAs(email, ATTACKER_NEW)).statusCode).toBe(400);
		if (event.after) expect((await s.loginAs(email, event.after.password)).statusCode).toBe(200);
	});

	it("and a refresh: tokens renewed around it die with it unless it keeps sessions", async () => {
		const s = await setup();
		let renewed: ReturnType<typeof JSON.parse>;
		if (event.hashes) {
			// The event is held after its hash; the refresh lands in that window.
			const held = s.gate.pauseAfter("hash");
			const pending = event.run(s);
			await held.reached;
			const refresh = await api(s.app, "POST", "/login/refresh-token", {
				body: { refresh_token: s.other.refresh_token },
			});
			expect(refresh.statusCode).toBe(200);
			renewed = refresh.json();
			held.release();
			expect((await pending).statusCode).toBe(200);
		} else {
			expect((await event.run(s)).statusCode).toBe(200);
			const refresh = await api(s.app, "POST", "/login/refresh-token", {
				body: { refresh_token: s.other.refresh_token },
			});
			expect(refresh.statusCode).toBe(event.keepsSessions ? 200 : 401);
			renewed = event.keepsSessions
				? refresh.json()
				: { access_token: s.other.access_token, refresh_token: s.other.refresh_token };
		}
		const me = await api(s.app, "GET", "/users/me", { headers: bearer(renewed.access_token) });
		expect(me.statusCode).toBe(event.keepsSessions ? 200 : 401);
		const again = await api(s.app, "POST", "/login/refresh-token", { body: { refresh_token: renewed.refresh_token } });
		expect(again.statusCode).toBe(event.keepsSessions ? 200 : 401);
	});
});

describe("deciders that hold a slot of their own", () => {
	it("a login held after its verify, then the user is deleted: a clean 400, never a foreign-key 500", async () => {
		const s = await setup();
		const res = await interleave(s, "verify", () => s.loginAs("owner@example.com", OLD), events[4] as AccountEvent);
		expect(res.statusCode).toBe(400);
	});

	it("a deactivated user's tokens issued mid-login stay dead after reactivation", async () => {
		const s = await setup();
		const held = s.gate.pauseAfter("verify");
		const pending = s.loginAs("owner@example.com", OLD);
		await held.reached;
		await api(s.app, "PATCH", `/users/${s.owner.id}`, { headers: s.admin.headers, body: { is_active: false } });
		held.release();
		expect((await pending).statusCode).toBe(400);
		await api(s.app, "PATCH", `/users/${s.owner.id}`, { headers: s.admin.headers, body: { is_active: true } });
		expect(await s.sessionCount()).toBe(0);
	});

	it("a reset held after its hash, then the owner changes the password: the link changes nothing", async () => {
		const s = await setup();
		const res = await interleave(
			s,
			"hash",
			() => api(s.app, "POST", "/reset-password/", { body: { token: RESET_TOKEN, new_password: ATTACKER_NEW } }),
			events[1] as AccountEvent,
		);
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual({ detail: "Invalid token" });
		expect((await s.loginAs("owner@example.com", OWNER_NEW)).statusCode).toBe(200);
		expect((await s.loginAs("owner@example.com", ATTACKER_NEW)).statusCode).toBe(400);
	});

	it("an admin's password set held after its hash, then the admin is deactivated: nothing is written", async () => {
		const s = await setup();
		const second = await seedUser(s.app, { isSuperuser: true });
		const res = await interleave(
			s,
			"hash",
			() => api(s.app, "PATCH", `/users/${s.owner.id}`, { headers: s.admin.headers, body: { password: ATTACKER_NEW } }),
			{
				...(events[3] as AccountEvent),
				run: (x) =>
					api(x.app, "PATCH", `/users/${x.admin.id}`, { headers: second.headers, body: { is_active: false } }),
			},
		);
		expect(res.statusCode).toBe(401);
		expect((await s.loginAs("owner@example.com", OLD)).statusCode).toBe(200);
	});
});
