import { describe, expect, it } from "vitest";
import { call, sharedSetup, startInstances } from "../../../helpers/instances.ts";
import { freshDatabase } from "../../../helpers/postgres.ts";

/** The sign-up bucket per client address (server/lib/rate-limiter.ts defaultRules.signup): 5, then one per 12 s. */
const BURST = 5;
const REFILL_MS = 12_000;
const ATTEMPTS = 12;

/**
 * Spec "What the tests prove" 2: one client's sign-ups spread over A and B in turn are
 * limited as one burst, not one burst per instance.
 */
describe("two instances on one PostgreSQL database: shared rate limits", () => {
	it(`${ATTEMPTS} sign-ups from one address, alternately through A and B: ${BURST} accepted, the rest 429`, {
		timeout: 120_000,
	}, async () => {
		const shared = sharedSetup(await freshDatabase("migrated"));
		const [a, b] = await startInstances(shared, 2);
		if (!a || !b) throw new Error("two instances");
		const ip = "203.0.113.7";
		const started = Date.now();
		const statuses: number[] = [];
		for (let n = 0; n < ATTEMPTS; n++) {
			const through = n % 2 === 0 ? a : b;
			const answer = await call(through.url, "POST", "/users/signup", {
				ip,
				body: { email: `burst-${n}@example.com`, password: `burst-password-${n}` },
			});
			statuses.push(answer.status);
		}
		// The bucket refills while the burst runs: one more per whole 12 s that passed.
		const allowed = BURST + Math.floor((Date.now() - started) / REFILL_MS);
		const accepted = statuses.filter((status) => status === 200).length;
		console.log(
			`proof 2: ${ATTEMPTS} sign-ups from one address over A and B: ${accepted} accepted (allowed ${allowed}):`,
			statuses,
		);
		expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
		expect(accepted).toBeLessThanOrEqual(allowed);
		expect(accepted).toBeGreaterThanOrEqual(BURST);
	});
});
