import { describe, expect, it } from "vitest";
import {
	applicationName,
	call,
	heldRequest,
	login,
	sessionReadSince,
	sharedSetup,
	sql,
	startInstances,
} from "../../../helpers/instances.ts";
import { freshDatabase } from "../../../helpers/postgres.ts";
import { SUPERUSER } from "../../../helpers/process.ts";

const ROUNDS = 12;

/**
 * Spec "What the tests prove" 5: decision 012's races and the last-superuser rule, with the
 * two sides of each race on different instances.
 */
describe("two instances on one PostgreSQL database: decision 012 across instances", () => {
	it("a write authenticated on A, its body held while B signs the user out everywhere or demotes the admin: refused, nothing changed", {
		timeout: 120_000,
	}, async () => {
		const shared = sharedSetup(await freshDatabase("migrated"));
		const [a, b] = await startInstances(shared, 2);
		if (!a || !b) throw new Error("two instances");
		const db = await sql(shared.databaseUrl);
		const root = (await login(b.url, SUPERUSER.email, SUPERUSER.password)).access_token;
		const make = async (email: string, isSuperuser: boolean) => {
			const made = await call(b.url, "POST", "/users/", {
				token: root,
				body: { email, password: "a-password-123", full_name: "Before", is_superuser: isSuperuser },
			});
			expect(made.status, JSON.stringify(made.json)).toBe(200);
			return made.json.id as string;
		};
		const adaId = await make("ada@example.com", false);
		await make("grace@example.com", true);
		const nameOf = async (id: string) =>
			(await db.query("select full_name from users where id = $1", [id])).rows[0].full_name;
		/** Sends `held` to A, waits until A has read its session (authenticated it), then runs `meanwhile` on B, then the body. */
		const race = async (
			held: ReturnType<typeof heldRequest> | (() => ReturnType<typeof heldRequest>),
			meanwhile: () => Promise<unknown>,
		) => {
			const since = (await db.query("select now() as now")).rows[0].now as Date;
			const request = typeof held === "function" ? held() : held;
			const deadline = Date.now() + 20_000;
			while (!(await sessionReadSince(db, applicationName(1), since))) {
				if (Date.now() > deadline) throw new Error(`A did not authenticate the held request:\n${a.output()}`);
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			await meanwhile();
			request.release();
			return request.answer;
		};

		// The user's own write, authenticated on A; "sign out everywhere" through B.
		const adaOnA = (await login(a.url, "ada@example.com", "a-password-123")).access_token;
		const adaOnB = (await login(b.url, "ada@example.com", "a-password-123")).access_token;
		const own = await race(
			() => heldRequest(a.url, "PATCH", "/users/me", adaOnA, { full_name: "Written after sign-out" }),
			async () => expect((await call(b.url, "POST", "/login/logout-all", { token: adaOnB })).status).toBe(200),
		);
		expect(own.status, JSON.stringify(own.json)).toBe(401);
		expect(await nameOf(adaId)).toBe("Before");

		// An admin's write, authenticated on A; the admin demoted through B.
		const graceOnA = (await login(a.url, "grace@example.com", "a-password-123")).access_token;
		const admin = await race(
			() => heldRequest(a.url, "PATCH", `/users/${adaId}`, graceOnA, { full_name: "Written after demotion" }),
			async () => {
				const graceId = (await db.query("select id from users where email = 'grace@example.com'")).rows[0].id;
				const demoted = await call(b.url, "PATCH", `/users/${graceId}`, { token: root, body: { is_superuser: false } });
				expect(demoted.status, JSON.stringify(demoted.json)).toBe(200);
			},
		);
		expect(admin.status, JSON.stringify(admin.json)).toBe(403);
		expect(await nameOf(adaId)).toBe("Before");
		console.log(
			`proof 5a: held on A, revoked on B: own write ${own.status}, admin write ${admin.status}; nothing written`,
		);
	});

	it(`two superusers deactivate or demote each other at once, one through A and one through B, ${ROUNDS} rounds: exactly one active superuser remains each time`, {
		timeout: 120_000,
	}, async () => {
		const shared = sharedSetup(await freshDatabase("migrated"));
		const [a, b] = await startInstances(shared, 2);
		if (!a || !b) throw new Error("two instances");
		const db = await sql(shared.databaseUrl);
		const root = (await login(a.url, SUPERUSER.email, SUPERUSER.password)).access_token;
		const created = await call(a.url, "POST", "/users/", {
			token: root,
			body: { email: "grace@example.com", password: "a-password-123", is_superuser: true },
		});
		expect(created.status).toBe(200);
		const rootId = (await db.query("select id from users where email = $1", [SUPERUSER.email])).rows[0].id;
		const people = [
			{ id: rootId as string, email: SUPERUSER.email, password: SUPERUSER.password },
			{ id: created.json.id as string, email: "grace@example.com", password: "a-password-123" },
		] as const;
		// Each round starts from two active superusers, restored in SQL beside the app.
		const outcomes: Record<string, number> = {};
		for (let round = 0; round < ROUNDS; round++) {
			await db.query("update users set is_active = true, is_superuser = true where id = any($1)", [
				people.map((p) => p.id),
			]);
			const [first, second] = await Promise.all([
				login(a.url, people[0].email, people[0].password),
				login(b.url, people[1].email, people[1].password),
			]);
			const change = round % 2 === 0 ? { is_active: false } : { is_superuser: false };
			const answers = await Promise.all([
				call(a.url, "PATCH", `/users/${people[1].id}`, { token: first.access_token, body: change }),
				call(b.url, "PATCH", `/users/${people[0].id}`, { token: second.access_token, body: change }),
			]);
			const left = (await db.query("select count(*)::int as n from users where is_active and is_superuser")).rows[0].n;
			const key = `${Object.keys(change)[0]}: ${answers
				.map((x) => x.status)
				.sort()
				.join("+")}, ${left} left`;
			outcomes[key] = (outcomes[key] ?? 0) + 1;
			expect(left, key).toBe(1);
			expect(answers.map((x) => x.status).sort(), key).toEqual([200, expect.any(Number)]);
		}
		console.log(`proof 5b: ${ROUNDS} rounds of two superusers removing each other through A and B:`, outcomes);
	});
});
