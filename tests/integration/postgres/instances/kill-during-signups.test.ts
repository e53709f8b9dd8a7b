import { describe, expect, it } from "vitest";
import { call, sharedSetup, sql, startInstances } from "../../../helpers/instances.ts";
import { freshDatabase } from "../../../helpers/postgres.ts";

const STORM = 100;
const IN_FLIGHT = 10;
/** A is killed once it has acknowledged this many sign-ups. */
const KILL_AFTER = 15;

/**
 * Spec "What the tests prove" 3: sign-ups go through A and B in turn, 10 in flight; A gets
 * SIGKILL in the middle of it. Every sign-up either instance acknowledged is in the database.
 */
describe("two instances on one PostgreSQL database: kill -9 during a sign-up storm", () => {
	it(`${STORM} sign-ups through A and B, A killed after ${KILL_AFTER} of its acknowledgements: every acknowledged user exists`, {
		timeout: 120_000,
	}, async () => {
		const shared = sharedSetup(await freshDatabase("migrated"));
		const [a, b] = await startInstances(shared, 2);
		if (!a || !b) throw new Error("two instances");
		const acknowledged: string[] = [];
		const failed: string[] = [];
		let ackedByA = 0;
		let killed = false;
		let next = 0;
		const signUp = async (n: number) => {
			const through = n % 2 === 0 ? a : b;
			const email = `storm-${n}@example.com`;
			try {
				const answer = await call(through.url, "POST", "/users/signup", {
					body: { email, password: `storm-password-${n}`, full_name: `Storm ${n}` },
				});
				if (answer.status === 200) {
					acknowledged.push(email);
					if (through === a && ++ackedByA === KILL_AFTER && !killed) {
						killed = true;
						process.kill(a.child.pid as number, "SIGKILL");
					}
				} else failed.push(`${email}: ${answer.status}`);
			} catch {
				// A died under the request: no answer, nothing promised.
				failed.push(`${email}: no answer`);
			}
		};
		await Promise.all(
			Array.from({ length: IN_FLIGHT }, async () => {
				while (next < STORM) await signUp(next++);
			}),
		);
		expect(await a.exited).toEqual({ code: null, signal: "SIGKILL" });

		const db = await sql(shared.databaseUrl);
		const present = new Set(
			(await db.query<{ email: string }>("select email from users where email like 'storm-%'")).rows.map(
				(r) => r.email,
			),
		);
		const missing = acknowledged.filter((email) => !present.has(email));
		console.log(
			`proof 3: ${STORM} sign-ups sent, ${acknowledged.length} acknowledged (${ackedByA} by A before its SIGKILL), ${failed.length} unanswered or refused, ${present.size} present; acknowledged but missing: ${missing.length}`,
		);
		expect(killed).toBe(true);
		expect(missing).toEqual([]);
		// The survivor took its half whole: only requests in flight to A went unanswered.
		expect(failed.every((line) => line.endsWith("no answer"))).toBe(true);
		expect(acknowledged.length).toBeGreaterThanOrEqual(STORM / 2 + KILL_AFTER);
		// A user in the database that nobody acknowledged is allowed (A committed, then died).
		expect(present.size).toBeGreaterThanOrEqual(acknowledged.length);
	});
});
