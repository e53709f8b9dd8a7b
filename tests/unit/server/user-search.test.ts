import { randomUUID } from "node:crypto";
import { and } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../server/db/schema.ts";
import { userOrder, userSearch, walkIsCheaper } from "../../../server/services/user-search.ts";
import { listUsers } from "../../../server/services/users.ts";
import { userListQuerySchema, userSorts } from "../../../shared/schemas/user-list.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";

const FIRST = ["Ada", "Bob", "Chloé", "Dmitri", "Émile", "Fatima", "Grace", "Hugo"];
const LAST = ["Martin", "Smith", "Nguyen", "Haddad", "García", "O'Brien", "Müller"];

/** `count` users with a few names in common, as a real directory has; one transaction. */
async function directory(count: number) {
	const testApp = await buildTestApp();
	const { db } = testApp;
	db.transaction((tx) => {
		for (let i = 0; i < count; i++) {
			tx.insert(users)
				.values({
					id: randomUUID(),
					email: `person-${i}@${i % 3 === 0 ? "example.com" : "corp.example"}`,
					fullName: i % 11 === 0 ? null : `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
					hashedPassword: "not-a-hash",
					// Some share a time, so ties are broken too.
					createdAt: 1_000_000 + Math.floor(i / 2),
				})
				.run();
		}
	});
	return testApp;
}

describe("the admin search's two ways of running a page", () => {
	it("reading every match and walking the sort order give the same page, for every sort", async () => {
		const { db } = await directory(300);
		for (const q of ["example", "corp.ex", "martin", "MÜLLER", "émile", "o'brien", "person-1", "ar", "É", "%", "Ü"]) {
			const search = userSearch(q);
			for (const sort of userSorts) {
				for (const offset of [0, 7, 95]) {
					const page = (condition: typeof search.matches | undefined) =>
						db
							.select({ email: users.email })
							.from(users)
							.where(and(condition))
							.orderBy(...userOrder(sort))
							.limit(10)
							.offset(offset)
							.all();
					expect(page(search.perRow), `${q} ${sort} ${offset}`).toEqual(page(search.matches));
				}
			}
		}
	});

	it("walks only for a search matching much of the table, on an early page", () => {
		const indexed = userSearch("example");
		expect(walkIsCheaper(indexed, 100_000, 100_000, 5)).toBe(true);
		expect(walkIsCheaper(indexed, 11, 100_000, 5)).toBe(false);
		expect(walkIsCheaper(indexed, 100_000, 100_000, 5005)).toBe(false);
		expect(walkIsCheaper(indexed, 2_000, 2_000, 5)).toBe(true);
		expect(walkIsCheaper(indexed, 1_000, 2_000, 5)).toBe(false);
		// A short search tests a row as cheaply as it reads a match: it walks far sooner.
		const scanned = userSearch("ex");
		expect(walkIsCheaper(scanned, 1_000, 100_000, 5)).toBe(true);
		expect(walkIsCheaper(scanned, 11, 100_000, 5)).toBe(false);
	});

	it("a broad search over a large table (walked) lists and counts what a narrow reading would", async () => {
		const testApp = await directory(2_000);
		const deps = testApp.app.deps;
		// Every user matches: the page is found by walking the sort order.
		expect(walkIsCheaper(userSearch("person"), 2_000, 2_000, 5)).toBe(true);
		for (const sort of userSorts) {
			const listed = listUsers(deps, userListQuerySchema.parse({ q: "person", sort, limit: "5" }));
			const everyone = listUsers(deps, userListQuerySchema.parse({ sort, limit: "5" }));
			expect(listed, sort).toEqual(everyone);
			expect(listed.count).toBe(2_000);
		}
		const filtered = listUsers(deps, userListQuerySchema.parse({ q: "person", status: "active", limit: "3" }));
		expect(filtered.count).toBe(2_000);
		expect(filtered.data).toEqual(listUsers(deps, userListQuerySchema.parse({ limit: "3" })).data);
	});
});
