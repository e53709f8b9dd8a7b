import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { fail } from "../domain/errors.ts";
import type { Clock } from "./clock.ts";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.ts";
import type { BucketRule } from "./token-bucket.ts";

export type { BucketRule } from "./token-bucket.ts";

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

/**
 * Where the buckets live: in this process (MemoryRateLimitStore, for one SQLite server) or
 * in the database, shared by every instance (TableRateLimitStore, server/db/rate-bucket-store.ts).
 * Both answer alike: a token bucket of `rule` refilled up to `now`, today's semantics.
 */
export type RateLimitStore<Handle = unknown> = {
	/**
	 * Takes one token from the bucket `key` when it holds one: 0 then, else the seconds until
	 * one is back. `db` is the caller's handle (a transaction's inside `atomically`): the
	 * table's take stands or falls with that transaction; the memory store's stays taken.
	 */
	take(db: Handle, key: string, rule: BucketRule, now: number): Promise<number>;
	/** Forgets the buckets that have refilled (a full bucket is the same as none); how many. */
	sweep(db: Handle, now: number): Promise<number>;
};

/** The per-client and per-account limits of docs/decisions/004, over a store. */
export class RateLimiter<Handle = unknown> {
	constructor(
		private readonly clock: Clock,
		readonly store: RateLimitStore<Handle> = new MemoryRateLimitStore(),
		private readonly rules: Record<BucketName, BucketRule> = defaultRules,
	) {}

	/** Takes one token or throws RATE_LIMITED with the seconds until one is back. */
	async take({ db }: { db: Handle }, name: BucketName, ip: string): Promise<void> {
		const retryAfter = await this.takeOrWait(db, name, ip);
		if (retryAfter > 0) fail("RATE_LIMITED", { retryAfter });
	}

	/** Takes one token when there is one; false otherwise (for limits the caller must not reveal). */
	async tryTake({ db }: { db: Handle }, name: BucketName, key: string): Promise<boolean> {
		return (await this.takeOrWait(db, name, key)) === 0;
	}

	/** Forgets the buckets that have refilled (housekeeping); how many. */
	async sweep({ db }: { db: Handle }): Promise<number> {
		return await this.store.sweep(db, this.clock());
	}

	/** A key's length is bounded whatever the client sent: a name and an address, a /64 or a hash. */
	private takeOrWait(db: Handle, name: BucketName, ip: string): Promise<number> {
		return this.store.take(db, `${name}:${clientKey(ip)}`, this.rules[name], this.clock());
	}
}
