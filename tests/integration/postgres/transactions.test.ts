import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterEach, describe, expect, it } from "vitest";
import { TransactionMisuse } from "../../../server/db/client.ts";
import { closePostgres, openPostgres, type PgDb } from "../../../server/db/postgres.ts";
import { first } from "../../../server/db/query.ts";
import { atomically } from "../../../server/db/transaction.ts";
import { freshDatabase } from "../../helpers/postgres.ts";

// docs/decisions/030 on PostgreSQL: the rules of tests/unit/server/transactions.test.ts, on a
// scratch table: atomically() hands its body the transaction's deps, bodies run one at a time
// (the writer's advisory lock), a nested call is a savepoint, misused handles are refused.

const counters = pgTable("counters", {
	id: integer("id").primaryKey(),
	name: text("name").notNull(),
	n: integer("n").notNull(),
});

const opened: PgDb[] = [];
afterEach(async () => {
	await Promise.all(opened.splice(0).map(closePostgres));
});

async function world(poolSize = 10) {
	const db = openPostgres(await freshDatabase(), poolSize);
	opened.push(db);
	await db.execute(sql`create table counters (id integer primary key, name text not null, n integer not null)`);
	await db.insert(counters).values({ id: 1, name: "Before", n: 0 });
	const nameOf = async (handle: PgDb = db) =>
		(await first(handle.select({ name: counters.name }).from(counters).where(eq(counters.id, 1))))?.name;
	const rename = (handle: PgDb, name: string) => handle.update(counters).set({ name }).where(eq(counters.id, 1));
	return { db, deps: { db }, nameOf, rename };
}

/** What a rejection says, through Drizzle's wrapping of a driver's error. */
const misuseOf = (error: unknown) => {
	const cause = error instanceof Error && !(error instanceof TransactionMisuse) ? error.cause : error;
	return cause instanceof TransactionMisuse ? cause.message : `not a misuse: ${String(error)}`;
};

describe("atomically() on PostgreSQL", () => {
	it("2,000 concurrent read-modify-writes end at 2,000: each body reads and writes alone", async () => {
		const { db, deps } = await world();
		await Promise.all(
			Array.from({ length: 2_000 }, () =>
				atomically(deps, async ({ db }) => {
					const row = await first(db.select({ n: counters.n }).from(counters).where(eq(counters.id, 1)));
					await db
						.update(counters)
						.set({ n: (row?.n ?? 0) + 1 })
						.where(eq(counters.id, 1));
				}),
			),
		);
		expect((await first(db.select({ n: counters.n }).from(counters)))?.n).toBe(2_000);
	});

	it("a statement of another request reads what is committed, without waiting for the open transaction", async () => {
		const { deps, nameOf, rename } = await world();
		let wrote = () => {};
		const bodyWrote = new Promise<void>((resolve) => (wrote = resolve));
		let finish = () => {};
		const otherRead = new Promise<void>((resolve) => (finish = resolve));
		const transaction = atomically(deps, async ({ db }) => {
			await rename(db, "Never Committed");
			wrote();
			await otherRead;
			throw new Error("roll back");
		}).catch((error: Error) => error.message);
		await bodyWrote;
		const seen = await nameOf();
		finish();
		expect([seen, await transaction, await nameOf()]).toEqual(["Before", "roll back", "Before"]);
	});

	it("refuses a body that writes through the outer deps, and commits nothing of it", async () => {
		const { deps, nameOf, rename } = await world();
		const outcome = await atomically(deps, async ({ db }) => {
			await rename(db, "Inside");
			await rename(deps.db, "Through the outer handle");
		}).catch(misuseOf);
		expect(outcome).toMatch(/outer deps inside atomically\(\)/);
		expect(await nameOf()).toBe("Before");
	});

	it("refuses atomically() with the outer deps inside a body (it would wait for the body's own lock)", async () => {
		const { deps, nameOf, rename } = await world();
		const outcome = await atomically(deps, async ({ db }) => {
			await rename(db, "Inside");
			await atomically(deps, async (inner) => rename(inner.db, "Nested through the outer deps"));
		}).catch(misuseOf);
		expect(outcome).toMatch(/atomically\(\) through the outer deps inside atomically\(\)/);
		expect(await nameOf()).toBe("Before");
	});

	it("refuses a transaction's deps once it has ended", async () => {
		const { deps, nameOf } = await world();
		const leaked = await atomically(deps, async (inner) => inner.db);
		expect(await nameOf(leaked).catch(misuseOf)).toMatch(/transaction's deps after it ended/);
		expect(await atomically({ db: leaked }, async () => "ran").catch(misuseOf)).toMatch(
			/with a transaction's deps after it ended/,
		);
	});

	it("a call with the body's deps is a savepoint: it rolls back alone, or with the transaction", async () => {
		const { deps, nameOf, rename } = await world();
		await atomically(deps, async (outer) => {
			await rename(outer.db, "Kept");
			await atomically(outer, async ({ db }) => {
				await rename(db, "Rolled back alone");
				throw new Error("inner");
			}).catch(() => undefined);
		});
		expect(await nameOf()).toBe("Kept");
		await atomically(deps, async (outer) => {
			await atomically(outer, async ({ db }) => rename(db, "Rolled back with the outer"));
			throw new Error("outer");
		}).catch(() => undefined);
		expect(await nameOf()).toBe("Kept");
	});

	it("a failed statement inside a savepoint leaves the transaction usable", async () => {
		const { deps, nameOf, rename } = await world();
		await atomically(deps, async (outer) => {
			await atomically(outer, async ({ db }) => db.execute(sql`select 1 / 0`)).catch(() => undefined);
			await rename(outer.db, "After the failed savepoint");
		});
		expect(await nameOf()).toBe("After the failed savepoint");
	});
});
