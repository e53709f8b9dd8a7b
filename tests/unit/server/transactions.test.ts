import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, TransactionMisuse } from "../../../server/db/client.ts";
import { first } from "../../../server/db/query.ts";
import { sessions, users } from "../../../server/db/schema.ts";
import { atomically } from "../../../server/db/transaction.ts";
import { hashKeys } from "../../../server/lib/passwords.ts";
import { authenticateAccessToken } from "../../../server/services/sessions/session.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { testOnPostgres, testOnSqlite } from "../../helpers/engine.ts";
import { seedUser } from "../../helpers/users.ts";

// docs/decisions/030: atomically() hands its body the transaction's deps; the body awaits the
// database and nothing else; every other statement on the connection waits for COMMIT (on
// PostgreSQL, bodies run one at a time under the writer's advisory lock, decision 033); a
// nested call is a savepoint; misused handles are refused.

async function world() {
	const test = await buildTestApp();
	const user = await seedUser(test.app, { fullName: "Before" });
	const nameOf = async (db: Db = test.db) =>
		(await first(db.select({ name: users.fullName }).from(users).where(eq(users.id, user.id))))?.name;
	const rename = (db: Db, fullName: string) => db.update(users).set({ fullName }).where(eq(users.id, user.id));
	return { test, deps: { db: test.db }, user, nameOf, rename };
}

/** What a rejection says, through Drizzle's wrapping of a driver's error. */
const misuseOf = (error: unknown) => {
	const cause = error instanceof Error && !(error instanceof TransactionMisuse) ? error.cause : error;
	return cause instanceof TransactionMisuse ? cause.message : `not a misuse: ${String(error)}`;
};

describe("atomically()", () => {
	it("2,000 concurrent read-modify-writes end at 2,000: each body reads and writes alone", async () => {
		const { deps, user, test } = await world();
		await Promise.all(
			Array.from({ length: 2_000 }, () =>
				atomically(deps, async ({ db }) => {
					const row = await first(db.select({ n: users.totpLastStep }).from(users).where(eq(users.id, user.id)));
					await db
						.update(users)
						.set({ totpLastStep: (row?.n ?? 0) + 1 })
						.where(eq(users.id, user.id));
				}),
			),
		);
		const row = await first(test.db.select({ n: users.totpLastStep }).from(users).where(eq(users.id, user.id)));
		expect(row?.n).toBe(2_000);
	});

	// SQLite's one connection: a statement outside the body queues behind it. PostgreSQL's twin is the next test.
	testOnSqlite("a statement of another request waits for COMMIT: it never reads what may still roll back", async () => {
		const { deps, nameOf, rename } = await world();
		let release = () => {};
		const bodyWrote = new Promise<void>((resolve) => (release = resolve));
		const order: string[] = [];
		const transaction = atomically(deps, async ({ db }) => {
			await rename(db, "Never Committed");
			release();
			// The other request runs its read meanwhile; it must not get an answer yet.
			for (let i = 0; i < 20; i++) await nameOf(db);
			order.push("body done");
			throw new Error("roll back");
		}).catch((error: Error) => error.message);
		const otherRequest = bodyWrote.then(async () => {
			const name = await nameOf();
			order.push("other read");
			return name;
		});
		expect(await Promise.all([transaction, otherRequest])).toEqual(["roll back", "Before"]);
		expect(order).toEqual(["body done", "other read"]);
	});

	testOnPostgres(
		"a statement of another request reads what is committed, never what may still roll back, without waiting",
		async () => {
			const { deps, nameOf, rename } = await world();
			let wrote = () => {};
			const bodyWrote = new Promise<void>((resolve) => (wrote = resolve));
			let finish = () => {};
			const otherRead = new Promise<void>((resolve) => (finish = resolve));
			const transaction = atomically(deps, async ({ db }) => {
				await rename(db, "Never Committed");
				wrote();
				// Held open until the other request has read: it must not wait for the end.
				await otherRead;
				throw new Error("roll back");
			}).catch((error: Error) => error.message);
			await bodyWrote;
			const seen = await nameOf();
			finish();
			expect([seen, await transaction, await nameOf()]).toEqual(["Before", "roll back", "Before"]);
		},
	);

	it("the session check never refuses a session for a revocation that rolls back (SQLite waits for the end)", async () => {
		const { test, deps, user } = await world();
		let release = () => {};
		const bodyRevoked = new Promise<void>((resolve) => (release = resolve));
		const transaction = atomically(deps, async ({ db }) => {
			await db.delete(sessions).where(eq(sessions.userId, user.id));
			release();
			for (let i = 0; i < 20; i++) await first(db.select().from(sessions));
			throw new Error("roll back");
		}).catch((error: Error) => error.message);
		const check = bodyRevoked.then(() => authenticateAccessToken(test.app.deps, user.accessToken));
		const [outcome, auth] = await Promise.all([transaction, check]);
		expect(outcome).toBe("roll back");
		expect(auth?.user.id).toBe(user.id);
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

	it("refuses atomically() with the outer deps inside a body (it would wait for the body's own end)", async () => {
		const { deps, nameOf, rename } = await world();
		const outcome = await atomically(deps, async ({ db }) => {
			await rename(db, "Inside");
			await atomically(deps, async (inner) => rename(inner.db, "Nested through the outer deps"));
		}).catch(misuseOf);
		expect(outcome).toMatch(/atomically\(\) through the outer deps inside atomically\(\)/);
		expect(await nameOf()).toBe("Before");
	});

	// The tripwire watches SQLite's synchronous driver; on PostgreSQL every statement turns the event loop (none there).
	testOnSqlite(
		"refuses a body that awaits something other than the database (a hash), and commits nothing of it",
		async () => {
			const { deps, nameOf, rename, test } = await world();
			const outcome = await atomically(deps, async ({ db }) => {
				await rename(db, "Renamed before the hash");
				await test.app.deps.passwords.hash("a password", hashKeys("a@example.com"));
			}).catch(misuseOf);
			expect(outcome).toMatch(/awaited something other than the database/);
			expect(await nameOf()).toBe("Before");
		},
	);

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
		const { deps, nameOf, rename, user } = await world();
		// Refused on both engines (NOT NULL); on PostgreSQL it would abort the whole transaction but for the savepoint.
		const noEmail = { email: null } as unknown as { email: string };
		const inner = await atomically(deps, async (outer) => {
			const outcome = await atomically(outer, async ({ db }) =>
				db.update(users).set(noEmail).where(eq(users.id, user.id)),
			).then(
				() => "written",
				() => "refused",
			);
			await rename(outer.db, "After the failed savepoint");
			return outcome;
		});
		expect([inner, await nameOf()]).toEqual(["refused", "After the failed savepoint"]);
	});
});
