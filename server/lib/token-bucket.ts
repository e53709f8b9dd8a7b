/** A token bucket: `burst` tokens at most, refilled at `perSecond` (docs/decisions/004). */
export type BucketRule = { burst: number; perSecond: number };

/** The tokens a bucket holds at `now`, never more than its burst. */
export const refilled = (bucket: { tokens: number; updatedAt: number }, rule: BucketRule, now: number) =>
	Math.min(rule.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rule.perSecond);

/** Seconds until a bucket holding `tokens` (fewer than one) has one again. */
export const secondsUntilToken = (tokens: number, rule: BucketRule) => Math.ceil((1 - tokens) / rule.perSecond);
