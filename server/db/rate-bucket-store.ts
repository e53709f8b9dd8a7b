import { lte, type SQL, sql } from "drizzle-orm";
import type { RateLimitStore } from "../lib/rate-limiter.ts";
import { type BucketRule, secondsUntilToken } from "../lib/token-bucket.ts";
import type { Db } from "./client.ts";
import { changedRows, returnedRow } from "./query.ts";
import { rateBuckets } from "./schema.ts";

/**
 * Token buckets in the `rate_buckets` table, shared by every instance on one database. A take
 * is one upsert: the row is locked, refilled to `now`, a token taken when there is one, and
 * the answer returned, so concurrent takes (from any instance) queue on the row and a bucket
 * of k tokens grants exactly k. The arithmetic is the in-memory store's, in double precision
 * on both engines, so both give the same answers and the same Retry-After. The housekeeping
 * sweep deletes the rows whose bucket has refilled (`full_at`).
 */
export class TableRateLimitStore implements RateLimitStore<Db> {
	async take(db: Db, key: string, rule: BucketRule, now: number): Promise<number> {
		const { burst, perSecond } = rule;
		const double = (value: SQL | number) => sql`cast(${value} as double precision)`;
		const sum = sql`${rateBuckets.tokens} + ((${double(sql`${now} - ${rateBuckets.updatedAt}`)} / 1000) * ${double(perSecond)})`;
		const held = sql`(case when ${sum} > ${double(burst)} then ${double(burst)} else ${sum} end)`;
		const granted = sql`(${held} >= 1)`;
		const left = sql`(case when ${granted} then ${held} - 1 else ${held} end)`;
		const row = await returnedRow(
			db
				.insert(rateBuckets)
				.values({ key, tokens: burst - 1, updatedAt: now, granted: true, fullAt: fullAt(burst - 1, rule, now) })
				.onConflictDoUpdate({
					target: rateBuckets.key,
					set: {
						tokens: left,
						updatedAt: now,
						granted,
						fullAt: sql`${now} + cast(((${double(burst)} - ${left}) / ${double(perSecond)}) * 1000 as bigint) + 1`,
					},
				})
				.returning({ tokens: rateBuckets.tokens, granted: rateBuckets.granted }),
		);
		return row.granted ? 0 : secondsUntilToken(row.tokens, rule);
	}

	async sweep(db: Db, now: number): Promise<number> {
		return await changedRows(db.delete(rateBuckets).where(lte(rateBuckets.fullAt, now)));
	}
}

/** When a bucket holding `tokens` at `now` is full again; a millisecond late rather than early. */
const fullAt = (tokens: number, rule: BucketRule, now: number) =>
	now + Math.trunc(((rule.burst - tokens) / rule.perSecond) * 1000) + 1;
