import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { fail } from "../domain/errors.ts";
import type { Clock } from "./clock.ts";

export type BucketRule = { burst: number; perSecond: number };
type Bucket = { tokens: number; updatedAt: number; rule: BucketRule };

/** The per-IP token buckets (docs/decisions/004). */
export const defaultRules = {
	login: { burst: 20, perSecond: 1 },
	signup: { burst: 5, perSecond: 5 / 60 },
	recovery: { burst: 5, perSecond: 5 / 60 },
	reset: { burst: 5, perSecond: 5 / 60 },
	/** Recovery e-mails per account (keyed by user id), whoever asks: 3 an hour. */
	recoveryPerAccount: { burst: 3, perSecond: 3 / 3600 },
	/** Verification e-mails per account (keyed by user id), whatever asks for them: 5 an hour. */
	verificationPerAccount: { burst: 5, perSecond: 5 / 3600 },
	/** E-mail changes per account (keyed by user id): 3 a day, each mails the old address and holds it a week. */
	emailChangePerAccount: { burst: 3, perSecond: 3 / 86_400 },
	/** Verification and "this wasn't me" links opened, per IP. */
	emailLink: { burst: 10, perSecond: 10 / 60 },
	/** Stored rows a signed-in user can add at will, per user id (docs/decisions/029): images, 30 an hour. */
	upload: { burst: 30, perSecond: 30 / 3600 },
	/** Passkeys added, per user id: 10 an hour. */
	passkeyAdd: { burst: 10, perSecond: 10 / 3600 },
	/** New sets of recovery codes, per user id: 5 an hour. */
	recoveryCodes: { burst: 5, perSecond: 5 / 3600 },
} satisfies Record<string, BucketRule>;
export type BucketName = keyof typeof defaultRules;

/**
 * The client a bucket belongs to. An IPv6 host usually holds a whole /64 (2^64
 * addresses), so v6 clients share the bucket of their /64; an IPv4-mapped address
 * counts as the IPv4 one. Anything else (a forged X-Forwarded-For entry under
 * TRUST_PROXY=true) is kept as its hash: a key has a bounded size whatever was sent.
 */
export function clientKey(ip: string): string {
	if (isIP(ip) === 0) return `sha256:${createHash("sha256").update(ip).digest("base64url")}`;
	if (!ip.includes(":")) return ip;
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
	if (mapped) return mapped[1] as string;
	const [head = "", tail = ""] = ip.toLowerCase().split("%")[0]?.split("::") ?? [];
	const left = head ? head.split(":") : [];
	const right = ip.includes("::") && tail ? tail.split(":") : [];
	const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
	return `${groups
		.slice(0, 4)
		.map((group) => group.replace(/^0+(?=.)/, ""))
		.join(":")}::/64`;
}

/** Buckets inspected per take: more than the one a take can add, so the sweep keeps up. */
export const SWEEP_STEP = 2;
/** Past this many buckets the oldest is forgotten: at worst that forgives one client early. */
export const MAX_BUCKETS = 100_000;

export type RateLimiterOptions = {
	maxBuckets?: number;
	/** Called for each bucket the sweep looks at: lets a test count the work per take. */
	onInspect?: () => void;
};

/**
 * In-memory token buckets keyed by name and client (IP, or IPv6 /64). A bucket that has
 * refilled is the same as none, so it is dropped; each take looks at a few buckets from
 * a cursor that walks the map round and round, which keeps every take O(1) however
 * many clients there are.
 */
export class RateLimiter {
	private readonly buckets = new Map<string, Bucket>();
	/** Where the sweep goes on; a Map iterator survives deletions and sees later insertions. */
	private sweepCursor: MapIterator<[string, Bucket]> = this.buckets.entries();
	/** Walks the map in creation order, evicting: every bucket it passed is gone, so its next is the oldest. */
	private evictCursor: MapIterator<string> = this.buckets.keys();
	private readonly maxBuckets: number;
	private readonly onInspect: () => void;

	constructor(
		private readonly clock: Clock,
		private readonly rules: Record<BucketName, BucketRule> = defaultRules,
		options: RateLimiterOptions = {},
	) {
		this.maxBuckets = options.maxBuckets ?? MAX_BUCKETS;
		this.onInspect = options.onInspect ?? (() => {});
	}

	/** How many buckets are kept. */
	get size(): number {
		return this.buckets.size;
	}

	/** Takes one token or throws RATE_LIMITED with the seconds until one is back. */
	take(name: BucketName, ip: string): void {
		const retryAfter = this.takeOrWait(name, ip);
		if (retryAfter > 0) fail("RATE_LIMITED", { retryAfter });
	}

	/** Takes one token when there is one; false otherwise (for limits the caller must not reveal). */
	tryTake(name: BucketName, key: string): boolean {
		return this.takeOrWait(name, key) === 0;
	}

	/** 0 when a token was taken, else the seconds until one is back. */
	private takeOrWait(name: BucketName, ip: string): number {
		const rule = this.rules[name];
		const now = this.clock();
		this.sweep(now);
		const key = `${name}:${clientKey(ip)}`;
		let bucket = this.buckets.get(key);
		if (!bucket) {
			if (this.buckets.size >= this.maxBuckets) this.evictOldest();
			bucket = { tokens: rule.burst, updatedAt: now, rule };
			this.buckets.set(key, bucket);
		}
		bucket.tokens = refilled(bucket, now);
		bucket.updatedAt = now;
		if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) / rule.perSecond);
		bucket.tokens -= 1;
		return 0;
	}

	/** Looks at the next few buckets and drops those that have refilled. */
	private sweep(now: number): void {
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
			if (refilled(bucket, now) >= bucket.rule.burst) this.buckets.delete(key);
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

/** The tokens a bucket holds at `now`, never more than its burst. */
const refilled = (bucket: Bucket, now: number) =>
	Math.min(bucket.rule.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * bucket.rule.perSecond);
