import { fail } from "../domain/errors.ts";
import type { Clock } from "./deps.ts";

type Bucket = { tokens: number; updatedAt: number };
export type BucketRule = { burst: number; perSecond: number };

/** The per-IP token buckets of contract §9. */
export const defaultRules = {
	login: { burst: 20, perSecond: 1 },
	signup: { burst: 5, perSecond: 5 / 60 },
	recovery: { burst: 5, perSecond: 5 / 60 },
	reset: { burst: 5, perSecond: 5 / 60 },
	/** Recovery e-mails per account (keyed by user id), whoever asks: 3 an hour. */
	recoveryPerAccount: { burst: 3, perSecond: 3 / 3600 },
} satisfies Record<string, BucketRule>;
export type BucketName = keyof typeof defaultRules;

/**
 * The client a bucket belongs to. An IPv6 host usually holds a whole /64 (2^64
 * addresses), so v6 clients share the bucket of their /64; an IPv4-mapped address
 * counts as the IPv4 one.
 */
export function clientKey(ip: string): string {
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

/** In-memory token buckets keyed by name and client (IP, or IPv6 /64). */
export class RateLimiter {
	private readonly buckets = new Map<string, Bucket>();

	constructor(
		private readonly clock: Clock,
		private readonly rules: Record<BucketName, BucketRule> = defaultRules,
	) {}

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
		const key = `${name}:${clientKey(ip)}`;
		const bucket = this.buckets.get(key) ?? { tokens: rule.burst, updatedAt: now };
		bucket.tokens = Math.min(rule.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rule.perSecond);
		bucket.updatedAt = now;
		if (bucket.tokens < 1) {
			this.buckets.set(key, bucket);
			return Math.ceil((1 - bucket.tokens) / rule.perSecond);
		}
		bucket.tokens -= 1;
		this.buckets.set(key, bucket);
		if (this.buckets.size > 50_000) this.sweep(now);
		return 0;
	}

	/** Drops buckets that have refilled, so the map cannot grow without bound. */
	private sweep(now: number): void {
		for (const [key, bucket] of this.buckets) {
			const rule = this.rules[key.slice(0, key.indexOf(":")) as BucketName];
			if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * rule.perSecond >= rule.burst) this.buckets.delete(key);
		}
	}
}
