import { describe, expect, it } from "vitest";
import { limitConcurrency } from "../../../server/lib/concurrency.ts";
import {
	createPasswordHasher,
	hashKeys,
	MAX_HASHES_IN_FLIGHT,
	MAX_HASHES_PER_KEY,
} from "../../../server/lib/passwords.ts";

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

	it("a key never holds more than its share: others start while its extra tasks wait", async () => {
		const run = limitConcurrency(4, 2);
		const log: string[] = [];
		const gates: Array<() => void> = [];
		const task = (name: string, key: string) =>
			run(async () => {
				log.push(`start ${name}`);
				await new Promise<void>((release) => gates.push(release));
				log.push(`end ${name}`);
			}, [key]);
		const batch = Array.from({ length: 6 }, (_, i) => task(`a${i}`, "account:a"));
		const other = task("b0", "account:b");
		await sleep(5);
		// a0 and a1 run, a2..a5 wait for account a's share; b0 is not held up behind them.
		expect(log).toEqual(["start a0", "start a1", "start b0"]);
		for (let round = 0; round < 10 && gates.length > 0; round++) {
			for (const release of gates.splice(0)) release();
			await sleep(5);
		}
		await Promise.all([...batch, other]);
		expect(log.filter((line) => line.startsWith("start a"))).toEqual([0, 1, 2, 3, 4, 5].map((i) => `start a${i}`));
	});

	it("password hashing and verifying go through the pool: 4 in flight at most, 2 per account", async () => {
		let inFlight = 0;
		let peak = 0;
		const slowly = async <T>(result: T) => {
			inFlight++;
			peak = Math.max(peak, inFlight);
			await sleep(10);
			inFlight--;
			return result;
		};
		const slowArgon2 = {
			hash: (password: string) => slowly(`hashed:${password}`),
			verify: () => slowly(true),
		};
		const hasher = createPasswordHasher(slowArgon2 as unknown as Parameters<typeof createPasswordHasher>[0]);
		expect([MAX_HASHES_IN_FLIGHT, MAX_HASHES_PER_KEY]).toEqual([4, 2]);

		const many = await Promise.all(
			Array.from({ length: 10 }, (_, i) => hasher.hash(`p${i}`, hashKeys(`user${i}@example.com`))),
		);
		expect(peak).toBe(4);
		expect(new Set(many).size).toBe(10);

		peak = 0;
		await Promise.all(Array.from({ length: 6 }, (_, i) => hasher.hash(`q${i}`, hashKeys("same@example.com"))));
		expect(peak).toBe(2);

		peak = 0;
		// One tRPC batch: many accounts, one request, still half the pool at most.
		await Promise.all(
			Array.from({ length: 6 }, (_, i) => hasher.hash(`r${i}`, hashKeys(`u${i}@example.com`, "req-1"))),
		);
		expect(peak).toBe(2);

		peak = 0;
		// A login storm is verifies: they share the same pool.
		const verified = await Promise.all(
			Array.from({ length: 10 }, (_, i) => hasher.verify("stored", `p${i}`, hashKeys(`user${i}@example.com`))),
		);
		expect(peak).toBe(4);
		expect(verified).toEqual(Array(10).fill(true));
	});
});
