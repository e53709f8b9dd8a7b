import { describe, expect, it } from "vitest";
import { MAX_BUCKETS, MemoryRateLimitStore, SWEEP_STEP } from "../../../server/lib/memory-rate-limit-store.ts";
import { type BucketName, clientKey, defaultRules } from "../../../server/lib/rate-limiter.ts";

/** A distinct IPv4 address per number. */
const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * The in-memory store (one SQLite server's), taken synchronously as the limiter takes it:
 * its sweep and cap. What every store answers alike is in rate-limit-store.test.ts.
 */
function limiterAt(start = 1_000_000, options: { maxBuckets?: number } = {}) {
	let now = start;
	let inspected = 0;
	const store = new MemoryRateLimitStore({ ...options, onInspect: () => inspected++ });
	const limiter = {
		take: (name: BucketName, address: string) => {
			if (store.takeNow(`${name}:${clientKey(address)}`, defaultRules[name], now) > 0) throw new Error("RATE_LIMITED");
		},
		get size() {
			return store.size;
		},
	};
	return {
		limiter,
		advance: (ms: number) => {
			now += ms;
		},
		inspected: () => inspected,
	};
}

type Limiter = ReturnType<typeof limiterAt>["limiter"];

const isLimited = (limiter: Limiter, name: BucketName, address: string) => {
	try {
		limiter.take(name, address);
		return false;
	} catch (error) {
		if (error instanceof Error && error.message === "RATE_LIMITED") return true;
		throw error;
	}
};

/** Milliseconds for `count` takes spread over the first `spread` clients. */
function timeTakes(limiter: Limiter, count: number, spread: number): number {
	const start = performance.now();
	for (let i = 0; i < count; i++) limiter.take("login", ip(i % spread));
	return performance.now() - start;
}

describe("rate limiter: the sweep of refilled buckets", () => {
	it("costs a bounded amount per take with 100,000 live buckets", () => {
		const live = 100_000;
		expect(live).toBeLessThanOrEqual(MAX_BUCKETS);
		const full = limiterAt();
		for (let i = 0; i < live; i++) full.limiter.take("login", ip(i));
		expect(full.limiter.size).toBe(live);

		const before = full.inspected();
		const takes = 10_000;
		const fullMs = timeTakes(full.limiter, takes, live);
		const perTake = (full.inspected() - before) / takes;
		// Each take looks at a few buckets, not at all of them.
		expect(perTake).toBeGreaterThan(0);
		expect(perTake).toBeLessThanOrEqual(SWEEP_STEP);
		expect(full.limiter.size).toBe(live);

		// The same takes with one live bucket per take instead of 100,000: the time is of the
		// same order (a sweep over every bucket would make it thousands of times slower).
		const empty = limiterAt();
		const emptyMs = timeTakes(empty.limiter, takes, takes);
		console.info(`10,000 takes: ${fullMs.toFixed(1)} ms with 100,000 buckets, ${emptyMs.toFixed(1)} ms from none`);
		expect(fullMs).toBeLessThan(emptyMs * 20 + 500);
	});

	it("still drops buckets that have refilled, and keeps those that have not", () => {
		const { limiter, advance } = limiterAt();
		// One signup each: full again 12 s later (5 per minute).
		for (let i = 0; i < 1000; i++) limiter.take("signup", ip(i));
		// A drained client: its five signups are used up, full again only after a minute.
		for (let i = 0; i < 5; i++) limiter.take("signup", "192.0.2.1");
		expect(limiter.size).toBe(1001);
		// Other traffic (one client) drives the sweep: enough takes to pass every bucket twice.
		const traffic = () => {
			for (let i = 0; i < 2000; i++) isLimited(limiter, "login", "198.51.100.1");
		};

		advance(11_000);
		traffic();
		expect(limiter.size).toBe(1002);

		advance(2_000);
		traffic();
		expect(limiter.size).toBe(2);
		// The drained client was remembered: 13 s gave it one signup back, not a fresh five.
		expect(isLimited(limiter, "signup", "192.0.2.1")).toBe(false);
		expect(isLimited(limiter, "signup", "192.0.2.1")).toBe(true);
	});

	it("never forgets a drained bucket, however often the sweep passes it", () => {
		const { limiter, advance } = limiterAt();
		for (let i = 0; i < 20; i++) limiter.take("login", "192.0.2.7");
		expect(isLimited(limiter, "login", "192.0.2.7")).toBe(true);
		// Many other clients pass; the drained bucket is inspected again and again but has not refilled.
		for (let i = 0; i < 100; i++) limiter.take("login", ip(i));
		expect(isLimited(limiter, "login", "192.0.2.7")).toBe(true);
		advance(1000);
		expect(isLimited(limiter, "login", "192.0.2.7")).toBe(false);
		expect(isLimited(limiter, "login", "192.0.2.7")).toBe(true);
	});
});

describe("rate limiter: the hard cap", () => {
	it("keeps at most maxBuckets, forgetting the oldest first", () => {
		const { limiter } = limiterAt(1_000_000, { maxBuckets: 1000 });
		for (let i = 0; i < 20; i++) limiter.take("login", "192.0.2.1");
		for (let i = 0; i < 1500; i++) limiter.take("login", ip(i));
		for (let i = 0; i < 20; i++) limiter.take("login", "192.0.2.2");
		expect(limiter.size).toBe(1000);
		// The newest drained client is still limited; the oldest one was forgotten.
		expect(isLimited(limiter, "login", "192.0.2.2")).toBe(true);
		expect(isLimited(limiter, "login", "192.0.2.1")).toBe(false);
		expect(limiter.size).toBe(1000);
	});
});
