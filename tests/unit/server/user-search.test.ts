import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { UserSearch } from "../../../server/db/dialect/fragments.ts";
import { fragmentsOf } from "../../../server/db/dialect/index.ts";
import { users } from "../../../server/db/schema.ts";
import { atomically } from "../../../server/db/transaction.ts";
import { listUsers } from "../../../server/services/users/list.ts";
import { BROAD, userSearch } from "../../../server/services/users/search.ts";
import { userListQuerySchema, userSorts } from "../../../shared/schemas/user-list.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { onPostgres } from "../../helpers/engine.ts";

const FIRST = ["Ada", "Bob", "Chloé", "Dmitri", "Émile", "Fatima", "Grace", "Hugo", "ÅSA", "Σοφία"];
const LAST = ["Martin", "Smith", "Nguyen", "Haddad", "García", "O'Brien", "MÜLLER", "100%_sure"];

/** `count` users with a few names in common, as a real directory has; one transaction. */
async function directory(count: number) {
	const testApp = await buildTestApp();
	await atomically({ db: testApp.db }, async ({ db: tx }) => {
		for (let i = 0; i < count; i++) {
			await tx.insert(users).values({
				id: randomUUID(),
				email: `person-${i}@${i % 3 === 0 ? "example.com" : "corp.example"}`,
				fullName: i % 11 === 0 ? null : `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
				hashedPassword: "not-a-hash",
				// Some share a time, so ties are broken too.
				createdAt: 1_000_000 + Math.floor(i / 2),
			});
		}
	});
	return testApp;
}

describe("the admin search's two ways of finding users", () => {
	it("the trigram index and the scan find the same users, in every sort", async () => {
		const { db } = await directory(400);
		const { indexedSearch, scannedSearch, userOrder } = fragmentsOf(db);
		const queries = ["example", "corp.ex", "martin", "MÜLLER", "müller", "émile", "ÉMILE", "åsa", "ΣΟΦ", "σοφία"];
		for (const q of [...queries, "o'brien", "person-1", "0%_s", "%_s", "n-1", "ia ", "zzz"]) {
			for (const sort of userSorts) {
				const page = async (condition: UserSearch) =>
					await db
						.select({ email: users.email })
						.from(users)
						.where(condition.matches)
						.orderBy(...userOrder(sort))
						.limit(400);
				expect(await page(scannedSearch(q)), `${q} ${sort}`).toEqual(await page(indexedSearch(q)));
			}
		}
	});

	it("uses the index for 3 characters and more, unless the search matches thousands (on SQLite)", async () => {
		const { db } = await directory(BROAD + 200);
		expect((await userSearch(db, "person-12")).kind).toBe("index");
		expect((await userSearch(db, "nguyen")).kind).toBe("index");
		expect((await userSearch(db, "ng")).kind).toBe("scan");
		// Every user is a person-: reading SQLite's FTS5 matches would read them all; PostgreSQL's
		// trigram index answers it quicker than a scan (server/db/dialect/postgres.ts).
		expect((await userSearch(db, "person-")).kind).toBe(onPostgres ? "index" : "scan");
	});

	it("a broad search (scanned) lists and counts what the list without it does", async () => {
		const { app } = await directory(BROAD + 200);
		const deps = app.deps;
		for (const sort of userSorts) {
			const listed = await listUsers(deps, userListQuerySchema.parse({ q: "PERSON-", sort, limit: "5" }));
			const everyone = await listUsers(deps, userListQuerySchema.parse({ sort, limit: "5" }));
			expect(listed, sort).toEqual(everyone);
			expect(listed.count).toBe(BROAD + 200);
		}
		const page = { skip: "3000", limit: "7" };
		expect(await listUsers(deps, userListQuerySchema.parse({ q: "person-", ...page }))).toEqual(
			await listUsers(deps, userListQuerySchema.parse(page)),
		);
		const corp = await listUsers(deps, userListQuerySchema.parse({ q: "corp.example", status: "active", limit: "3" }));
		expect(corp.count).toBe(Math.floor(((BROAD + 200) * 2) / 3));
	});
});
