import { describe, expect, it } from "vitest";
import { limitConcurrency } from "../../server/services/concurrency.ts";
import { hashPassword, MAX_HASHES_IN_FLIGHT } from "../../server/services/passwords.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("limitConcurrency", () => {
	it("runs at most 4 of 10 at once, completes all, and starts them in call order", async () => {
		const run = limitConcurrency(4);
		let inFlight = 0;
		let peak = 0;
		const started: number[] = [];
		const results = await Promise.all(
			Array.from({ length: 10 }, (_, i) =>
				run(async () => {
					started.push(i);
					inFlight++;
					peak = Math.max(peak, inFlight);
					await sleep(5 + ((i * 7) % 11)); // uneven durations: slots free up out of order
					inFlight--;
					return i * 2;
				}),
			),
		);
		expect(peak).toBe(4);
		expect(results).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
		expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(inFlight).toBe(0);
	});

	it("frees the slot of a task that fails", async () => {
		const run = limitConcurrency(1);
		await expect(run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
		const next = await Promise.race([run(async () => "ran"), sleep(1000).then(() => "stuck")]);
		expect(next).toBe("ran");
	});

	it("password hashing is limited to 4 in flight, and still hashes every request", async () => {
		expect(MAX_HASHES_IN_FLIGHT).toBe(4);
		const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password-${i}`)));
		expect(new Set(hashes).size).toBe(6);
		for (const h of hashes) expect(h).toMatch(/^\$argon2id\$/);
	});
});
