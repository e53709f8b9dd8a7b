import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "../../../server/db/client.ts";
import { first } from "../../../server/db/query.ts";
import { users } from "../../../server/db/schema.ts";
import { firstSecretHolder } from "../../../server/services/factors/two-factor.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { testOnPostgres } from "../../helpers/engine.ts";
import { rawAll, rawRun } from "../../helpers/raw-sql.ts";

const user = (totpSecret: string | null) => ({
	id: randomUUID(),
	email: `${randomUUID()}@example.com`,
	hashedPassword: "!",
	totpSecret,
	createdAt: Date.now(),
});

describe("the two-factor key check at start", () => {
	it("finds an account holding a secret through the partial index, without reading every user", async () => {
		const db = openDatabase(":memory:");
		await migrateDatabase(db);
		await db.insert(users).values(Array.from({ length: 50 }, () => user(null)));
		const holder = user("sealed-secret");
		await db.insert(users).values(holder);

		expect(await first(firstSecretHolder(db))).toEqual({ id: holder.id, secret: "sealed-secret" });
		const { sql, params } = firstSecretHolder(db).toSQL();
		const plan = db.$client
			.prepare(`EXPLAIN QUERY PLAN ${sql}`)
			.all(...params)
			.map((step) => (step as { detail: string }).detail);
		// A scan of `users` read all 100,000 rows of the bench's database at start, and the server kept 14 MB more for good.
		expect(plan).toEqual(["SCAN users USING INDEX users_totp_secret_idx"]);
		db.$client.close();
	});

	// SQLite's own plan above (its database opened here whatever the engine); PostgreSQL's twin:
	testOnPostgres("on PostgreSQL too, through the partial index", async () => {
		const { db } = await buildTestApp();
		await db.insert(users).values(Array.from({ length: 2_000 }, () => user(null)));
		const holder = user("sealed-secret");
		await db.insert(users).values(holder);
		await rawRun(db, "ANALYZE users");

		expect(await first(firstSecretHolder(db))).toEqual({ id: holder.id, secret: "sealed-secret" });
		const { sql, params } = firstSecretHolder(db).toSQL();
		const plan = (await rawAll<{ "QUERY PLAN": string }>(db, `EXPLAIN ${sql.replace(/\$\d+/g, "?")}`, params))
			.map((step) => step["QUERY PLAN"])
			.join("\n");
		expect(plan).toMatch(/Index Scan using users_totp_secret_idx on users/);
		expect(plan).not.toMatch(/Seq Scan/);
	});
});
