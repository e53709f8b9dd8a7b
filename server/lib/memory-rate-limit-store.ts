import type { RateLimitStore } from "./rate-limiter.ts";
import { type BucketRule, refilled, secondsUntilToken } from "./token-bucket.ts";

type Bucket = { tokens: number; updatedAt: number; rule: BucketRule };

/** Buckets inspected per take: more than the one a take can add, so the sweep keeps up. */
export const SWEEP_STEP = 2;
/** Past this many buckets the oldest is forgotten: at worst that forgives one client early. */
export const MAX_BUCKETS = 100_000;

export type MemoryStoreOptions = {
	maxBuckets?: number;
	/** Called for each bucket the sweep looks at: lets a test count the work per take. */
	onInspect?: () => void;
};

/**
 * Token buckets in this process's memory: one SQLite server's store. A bucket that has
 * refilled is the same as none, so it is dropped; each take looks at a few buckets from a
 * cursor that walks the map round and round, which keeps every take O(1) however many
 * clients there are.
 */
export class MemoryRateLimitStore implements RateLimitStore {
	private readonly buckets = new Map<string, Bucket>();
	/** Where the sweep goes on; a Map iterator survives deletions and sees later insertions. */
	private sweepCursor: MapIterator<[string, Bucket]> = this.buckets.entries();
	/** Walks the map in creation order, evicting: every bucket it passed is gone, so its next is the oldest. */
	private evictCursor: MapIterator<string> = this.buckets.keys();
	private readonly maxBuckets: number;
	private readonly onInspect: () => void;

	constructor(options: MemoryStoreOptions = {}) {
		this.maxBuckets = options.maxBuckets ?? MAX_BUCKETS;
		this.onInspect = options.onInspect ?? (() => {});
	}

	/** How many buckets are kept. */
	get size(): number {
		return this.buckets.size;
	}

	async take(_db: unknown, key: string, rule: BucketRule, now: number): Promise<number> {
		return this.takeNow(key, rule, now);
	}

	/** The take itself, synchronous: nothing else runs between reading a bucket and writing it. */
	takeNow(key: string, rule: BucketRule, now: number): number {
		this.sweepStep(now);
		let bucket = this.buckets.get(key);
		if (!bucket) {
			if (this.buckets.size >= this.maxBuckets) this.evictOldest();
			bucket = { tokens: rule.burst, updatedAt: now, rule };
			this.buckets.set(key, bucket);
		}
		bucket.tokens = refilled(bucket, rule, now);
		bucket.updatedAt = now;
		if (bucket.tokens < 1) return secondsUntilToken(bucket.tokens, rule);
		bucket.tokens -= 1;
		return 0;
	}

	async sweep(_db: unknown, now: number): Promise<number> {
		let removed = 0;
		for (const [key, bucket] of this.buckets) {
			if (refilled(bucket, bucket.rule, now) >= bucket.rule.burst) {
				this.buckets.delete(key);
				removed++;
			}
		}
		return removed;
	}

	/** Looks at the next few buckets and drops those that have refilled. */
	private sweepStep(now: number): void {
		for (let step = 0; step < SWEEP_STEP; step++) {
			let next = this.sweepCursor.next();
			if (next.done) {
				// A finished iterator stays finished: start the next round.
				this.sweepCursor = this.buckets.entries();
				next = this.sweepCursor.next();
				if (next.done) return;
			}
			this.onInspect();
			const [key, bucket] = next.value;
			if (refilled(bucket, bucket.rule, now) >= bucket.rule.burst) this.buckets.delete(key);
		}
	}

	private evictOldest(): void {
		let next = this.evictCursor.next();
		if (next.done) {
			this.evictCursor = this.buckets.keys();
			next = this.evictCursor.next();
		}
		if (!next.done) this.buckets.delete(next.value);
	}
}
