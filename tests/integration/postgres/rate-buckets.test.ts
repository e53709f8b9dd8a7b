import { describe, expect, it } from "vitest";
import { runHousekeeping } from "../../../server/services/housekeeping.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { freshDatabase } from "../../helpers/postgres.ts";
import { rawAll } from "../../helpers/raw-sql.ts";

// Rate limits on PostgreSQL are shared (issue 24): every take is one upsert on a row of
// rate_buckets, so concurrent takes queue on the row, whichever connection or instance
// sends them. Two apps on one database stand for two instances; their clocks stand still.

async function twoInstances() {
	const url = await freshDatabase("migrated");
	const startAt = Date.now();
	const a = await buildTestApp({ env: { DATABASE_URL: url }, startAt });
	const b = await buildTestApp({ env: { DATABASE_URL: url }, startAt });
	return { a, b };
}

const granted = (answers: boolean[]) => answers.filter(Boolean).length;

describe("rate limits on PostgreSQL", () => {
	it("N concurrent takes against a bucket of k grant exactly k", async () => {
		const { a } = await twoInstances();
		const { deps } = a.app;
		const answers = await Promise.all(
			Array.from({ length: 60 }, () => deps.limiter.tryTake(deps, "signup", "203.0.113.1")),
		);
		expect(granted(answers)).toBe(5);
		const logins = await Promise.all(
			Array.from({ length: 100 }, () => deps.limiter.tryTake(deps, "login", "203.0.113.1")),
		);
		expect(granted(logins)).toBe(20);
	});

	it("a burst spread over two instances is limited as one", async () => {
		const { a, b } = await twoInstances();
		const answers = await Promise.all(
			Array.from({ length: 60 }, (_, i) => {
				const { deps } = (i % 2 === 0 ? a : b).app;
				return deps.limiter.tryTake(deps, "signup", "203.0.113.2");
			}),
		);
		expect(granted(answers)).toBe(5);
		// Both see the same bucket: refused on either, with the same wait.
		for (const { app } of [a, b])
			await expect(app.deps.limiter.take(app.deps, "signup", "203.0.113.2")).rejects.toMatchObject({
				reason: "RATE_LIMITED",
				retryAfter: 12,
			});
		// A token back after 12 s, for whichever instance asks first.
		a.advance(12_000);
		b.advance(12_000);
		expect(
			granted(await Promise.all([a, b].map(({ app }) => app.deps.limiter.tryTake(app.deps, "signup", "203.0.113.2")))),
		).toBe(1);
	});

	it("housekeeping sweeps the buckets that have refilled from the table", async () => {
		const { a } = await twoInstances();
		const { deps } = a.app;
		await deps.limiter.take(deps, "signup", "203.0.113.3");
		for (let i = 0; i < 5; i++) await deps.limiter.tryTake(deps, "signup", "203.0.113.4");
		a.advance(30_000);
		expect(await runHousekeeping(deps)).toBe("ran");
		const keys = await rawAll<{ key: string }>(a.db, "SELECT key FROM rate_buckets");
		expect(keys).toEqual([{ key: "signup:203.0.113.4" }]);
	});
});
