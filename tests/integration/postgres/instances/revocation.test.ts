import { describe, expect, it } from "vitest";
import { call, login, sharedSetup, startInstances, type Tokens } from "../../../helpers/instances.ts";
import { freshDatabase } from "../../../helpers/postgres.ts";
import { SUPERUSER } from "../../../helpers/process.ts";

/**
 * Spec "What the tests prove" 1: a session ended through instance A is refused by B on the
 * very next request, every time. Each trial uses a session on B (200), ends it through A,
 * then asks B with it again: anything B remembered of the session would answer 200.
 */
describe("two instances on one PostgreSQL database: revocation", () => {
	it("1,000 sessions used on B, then ended through A (refresh rotation, logout, device list, admin revoke, password change, deactivation) are each refused by B on the next request", {
		timeout: 180_000,
	}, async () => {
		const shared = sharedSetup(await freshDatabase("migrated"));
		const [a, b] = await startInstances(shared, 2);
		if (!a || !b) throw new Error("two instances");
		const admin = (await login(a.url, SUPERUSER.email, SUPERUSER.password)).access_token;
		const created = await call(a.url, "POST", "/users/", {
			token: admin,
			body: { email: "ada@example.com", password: "ada-password-0", full_name: "Ada" },
		});
		expect(created.status, JSON.stringify(created.json)).toBe(200);
		const ada = { id: created.json.id as string, email: "ada@example.com", password: "ada-password-0" };

		const refusedByB: Record<string, number> = {};
		const honouredByB: string[] = [];
		/** B uses the session first, so that anything B kept of it would be warm when A ends it. */
		const warmOnB = async (token: string) =>
			ok(await call(b.url, "GET", "/users/me", { token }), "B before the revocation");
		/** B's very next request with the ended session's access token. */
		const expectRefusedByB = async (kind: string, token: string) => {
			const answer = await call(b.url, "GET", "/users/me", { token });
			if (answer.status === 401) refusedByB[kind] = (refusedByB[kind] ?? 0) + 1;
			else honouredByB.push(`${kind}: ${answer.status}`);
		};
		const ok = (answer: { status: number; json: unknown }, what: string) =>
			expect(answer.status, `${what}: ${JSON.stringify(answer.json)}`).toBe(200);

		// Refresh rotation: both secrets rotate, so the old access token is dead everywhere.
		let pair: Tokens = await login(a.url, ada.email, ada.password);
		for (let i = 0; i < 920; i++) {
			await warmOnB(pair.access_token);
			const rotated = await call(a.url, "POST", "/login/refresh-token", {
				body: { refresh_token: pair.refresh_token },
			});
			ok(rotated, "refresh through A");
			await expectRefusedByB("refresh rotation", pair.access_token);
			pair = rotated.json;
		}
		// B still honours the live one: its refusals were not an instance that refuses everything.
		ok(await call(b.url, "GET", "/users/me", { token: pair.access_token }), "the live session on B");

		for (let i = 0; i < 20; i++) {
			const session = await login(a.url, ada.email, ada.password);
			await warmOnB(session.access_token);
			ok(await call(a.url, "POST", "/login/logout", { token: session.access_token }), "logout through A");
			await expectRefusedByB("logout", session.access_token);
		}
		for (let i = 0; i < 20; i++) {
			const other = await login(a.url, ada.email, ada.password);
			await warmOnB(other.access_token);
			const sessions = await call(a.url, "GET", "/users/me/sessions", { token: pair.access_token });
			const target = (sessions.json.data as Array<{ id: string; current: boolean }>).find((s) => !s.current);
			if (!target) throw new Error("the other session is listed");
			ok(
				await call(a.url, "DELETE", `/users/me/sessions/${target.id}`, { token: pair.access_token }),
				"device revoke through A",
			);
			await expectRefusedByB("device list", other.access_token);
		}
		for (let i = 0; i < 20; i++) {
			const session = await login(a.url, ada.email, ada.password);
			await warmOnB(session.access_token);
			ok(await call(a.url, "DELETE", `/users/${ada.id}/sessions`, { token: admin }), "admin revoke through A");
			await expectRefusedByB("admin revoke", session.access_token);
		}
		let keeper = await login(a.url, ada.email, ada.password);
		for (let i = 0; i < 10; i++) {
			const victim = await login(a.url, ada.email, ada.password);
			await warmOnB(victim.access_token);
			const next = `ada-password-${i + 1}`;
			ok(
				await call(a.url, "PATCH", "/users/me/password", {
					token: keeper.access_token,
					body: { current_password: ada.password, new_password: next },
				}),
				"password change through A",
			);
			ada.password = next;
			await expectRefusedByB("password change", victim.access_token);
			// Whether the changing session lives on is not this test's question: sign in afresh.
			keeper = await login(a.url, ada.email, ada.password);
		}
		for (let i = 0; i < 10; i++) {
			const session = await login(a.url, ada.email, ada.password);
			await warmOnB(session.access_token);
			ok(await call(a.url, "PATCH", `/users/${ada.id}`, { token: admin, body: { is_active: false } }), "deactivate");
			await expectRefusedByB("deactivation", session.access_token);
			ok(await call(a.url, "PATCH", `/users/${ada.id}`, { token: admin, body: { is_active: true } }), "reactivate");
		}

		const total = Object.values(refusedByB).reduce((sum, n) => sum + n, 0);
		console.log(`proof 1: ${total} revocations through A, refused by B on the next request:`, refusedByB);
		expect(honouredByB).toEqual([]);
		expect(refusedByB).toEqual({
			"refresh rotation": 920,
			logout: 20,
			"device list": 20,
			"admin revoke": 20,
			"password change": 10,
			deactivation: 10,
		});
		expect(total).toBe(1000);
	});
});
