import { describe, expect, it } from "vitest";
import { databaseKindOf } from "../../../server/db/dialect/index.ts";
import { TableRateLimitStore } from "../../../server/db/rate-bucket-store.ts";
import { DomainError } from "../../../server/domain/errors.ts";
import { MemoryRateLimitStore } from "../../../server/lib/memory-rate-limit-store.ts";
import { type BucketName, RateLimiter, type RateLimitStore } from "../../../server/lib/rate-limiter.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { rawAll } from "../../helpers/raw-sql.ts";

/**
 * What every rate-limit store answers alike, through the limiter: the store the engine
 * picks (in memory on SQLite, the rate_buckets table on PostgreSQL: PORTICO_DB=postgres),
 * and on SQLite the table as well. Time moves only by `advance`.
 */
const onSqlite = process.env.PORTICO_DB !== "postgres";
type StoreOf = (engine: RateLimitStore) => RateLimitStore;
const stores: Array<[string, StoreOf]> = [
	[onSqlite ? "the in-memory store (SQLite's)" : "the rate_buckets table (PostgreSQL's)", (engine) => engine],
];
if (onSqlite) stores.push(["the rate_buckets table on SQLite", () => new TableRateLimitStore()]);

async function limiterWith(storeOf: StoreOf) {
	const { app, db, now, advance } = await buildTestApp();
	const store = storeOf(app.deps.limiter.store);
	const limiter = new RateLimiter(now, store);
	const deps = { db };
	/** 0 when granted, else the Retry-After the API would answer. */
	const take = async (name: BucketName, client: string): Promise<number> => {
		try {
			await limiter.take(deps, name, client);
			return 0;
		} catch (error) {
			if (error instanceof DomainError && error.reason === "RATE_LIMITED") return Number(error.retryAfter);
			throw error;
		}
	};
	const takes = async (count: number, name: BucketName, client: string) => {
		const answers: number[] = [];
		for (let i = 0; i < count; i++) answers.push(await take(name, client));
		return answers;
	};
	return { db, store, limiter, deps, take, takes, advance };
}

describe.each(stores)("rate limits through %s", (_name, storeOf) => {
	it("grants the burst, then refuses with the seconds until a token is back, refilling with time", async () => {
		const { take, takes, advance } = await limiterWith(storeOf);
		// login: 20, then 1 a second.
		expect(await takes(21, "login", "192.0.2.1")).toEqual([...Array(20).fill(0), 1]);
		advance(1000);
		expect(await takes(2, "login", "192.0.2.1")).toEqual([0, 1]);
		// signup: 5, then 5 a minute (one every 12 s).
		expect(await takes(6, "signup", "192.0.2.1")).toEqual([0, 0, 0, 0, 0, 12]);
		advance(6000);
		expect(await take("signup", "192.0.2.1")).toBe(6);
		advance(6000);
		expect(await takes(2, "signup", "192.0.2.1")).toEqual([0, 12]);
		// e-mail changes: 3 a day.
		expect(await takes(4, "emailChangePerAccount", "user-1")).toEqual([0, 0, 0, 28_800]);
	});

	it("never holds more than the burst, however long a bucket rested", async () => {
		const { takes, advance } = await limiterWith(storeOf);
		await takes(3, "signup", "192.0.2.2");
		advance(86_400_000);
		expect(await takes(6, "signup", "192.0.2.2")).toEqual([0, 0, 0, 0, 0, 12]);
	});

	it("keeps buckets apart by name and by client; an IPv6 /64 is one client", async () => {
		const { take, takes } = await limiterWith(storeOf);
		expect((await takes(6, "signup", "192.0.2.3")).at(-1)).toBe(12);
		expect(await take("recovery", "192.0.2.3")).toBe(0);
		expect(await take("signup", "192.0.2.4")).toBe(0);
		expect(await takes(5, "signup", "2001:db8:1:2::1")).toEqual([0, 0, 0, 0, 0]);
		expect(await take("signup", "2001:db8:1:2:ffff::9")).toBe(12);
		expect(await take("signup", "2001:db8:1:3::1")).toBe(0);
	});

	it("tryTake answers false when refused, without throwing", async () => {
		const { limiter, deps } = await limiterWith(storeOf);
		const answers = [];
		for (let i = 0; i < 4; i++) answers.push(await limiter.tryTake(deps, "recoveryPerAccount", "user-2"));
		expect(answers).toEqual([true, true, true, false]);
	});

	it("answers as the in-memory store does over a long mixed schedule", async () => {
		const { take, advance } = await limiterWith(storeOf);
		let now = 0;
		const reference = new RateLimiter(() => now, new MemoryRateLimitStore());
		const names: BucketName[] = ["login", "signup", "upload", "verificationPerAccount"];
		const clients = ["198.51.100.1", "198.51.100.2", "2001:db8::1"];
		let seed = 7;
		const next = (n: number) => {
			seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
			return seed % n;
		};
		const expected: number[] = [];
		const actual: number[] = [];
		for (let i = 0; i < 300; i++) {
			const ms = [0, 0, 0, 250, 999, 1000, 4321, 60_000][next(8)] as number;
			advance(ms);
			now += ms;
			const name = names[next(names.length)] as BucketName;
			const client = clients[next(clients.length)] as string;
			actual.push(await take(name, client));
			try {
				await reference.take({ db: undefined as never }, name, client);
				expected.push(0);
			} catch (error) {
				expected.push(Number((error as DomainError).retryAfter));
			}
		}
		expect(expected.filter((answer) => answer > 0).length).toBeGreaterThan(30);
		expect(actual).toEqual(expected);
	});

	it("the sweep forgets the buckets that have refilled and keeps the others", async () => {
		const { limiter, deps, take, takes, advance } = await limiterWith(storeOf);
		await take("signup", "192.0.2.5"); // full again 12 s later
		await takes(5, "signup", "192.0.2.6"); // drained: full again a minute later
		advance(12_500);
		expect(await limiter.sweep(deps)).toBe(1);
		// The drained client was remembered: 12.5 s gave it one signup back, not a fresh five.
		expect(await takes(2, "signup", "192.0.2.6")).toEqual([0, 12]);
		advance(120_000);
		expect(await limiter.sweep(deps)).toBe(1);
		expect(await limiter.sweep(deps)).toBe(0);
	});
});

describe.runIf(!onSqlite || stores.length > 1)("the rate_buckets table", () => {
	it("keeps a key of bounded length whatever the client sent", async () => {
		const { db, store, take } = await limiterWith(() => new TableRateLimitStore());
		expect(store).toBeInstanceOf(TableRateLimitStore);
		await take("emailLink", `forged-${"x".repeat(10_000)}`);
		await take("emailLink", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:ffff");
		const keys = await rawAll<{ key: string }>(db, "SELECT key FROM rate_buckets ORDER BY key");
		expect(keys.map(({ key }) => key.length).every((length) => length <= 80)).toBe(true);
		expect(keys.map(({ key }) => key)).toContain("emailLink:2001:db8:aaaa:bbbb::/64");
	});

	it("is the store the app picks on PostgreSQL, and not on SQLite", async () => {
		const { app, db } = await buildTestApp();
		const expected = databaseKindOf(db) === "postgres" ? TableRateLimitStore : MemoryRateLimitStore;
		expect(app.deps.limiter.store).toBeInstanceOf(expected);
	});
});
