import { describe, expect, it } from "vitest";
import { listUsers } from "../../../server/services/users/list.ts";
import { userListQuerySchema } from "../../../shared/schemas/user-list.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { rawGet, rawRun } from "../../helpers/raw-sql.ts";
import { seedUser } from "../../helpers/users.ts";

// The admin list's total for everyone is a row the triggers keep (docs/decisions/036), so a
// page of 100,000 users does not count them all. It must stay equal to the rows, however they
// are written: the services' inserts and deletes, a delete of many at once, a multi-row insert.

const kept = async (db: Parameters<typeof rawGet>[0]) =>
	Number((await rawGet<{ users: unknown }>(db, "SELECT users FROM user_count WHERE id = 1"))?.users);
const counted = async (db: Parameters<typeof rawGet>[0]) =>
	Number((await rawGet<{ n: unknown }>(db, "SELECT count(*) AS n FROM users"))?.n);

describe("the kept count of users", () => {
	it("follows every insert and delete, one row or many", async () => {
		const { app, db } = await buildTestApp();
		await rawRun(db, "UPDATE user_count SET users = (SELECT count(*) FROM users) WHERE id = 1");
		const before = await counted(db);
		for (let i = 0; i < 4; i++) await seedUser(app);
		expect(await kept(db)).toBe(before + 4);

		const now = app.deps.clock();
		await rawRun(
			db,
			"INSERT INTO users (id, email, hashed_password, created_at) VALUES (?, ?, 'x', ?), (?, ?, 'x', ?), (?, ?, 'x', ?)",
			["a", "a@example.com", now, "b", "b@example.com", now, "c", "c@example.com", now],
		);
		expect(await kept(db)).toBe(before + 7);

		await rawRun(db, "DELETE FROM users WHERE id IN ('a', 'b')");
		expect(await kept(db)).toBe(before + 5);
		expect(await kept(db)).toBe(await counted(db));
	});

	it("is the total the admin list answers for everyone, on a full page", async () => {
		const { app, db } = await buildTestApp();
		for (let i = 0; i < 3; i++) await seedUser(app);
		const page = await listUsers(app.deps, userListQuerySchema.parse({ limit: "2" }));
		expect(page.data).toHaveLength(2);
		expect(page.count).toBe(await counted(db));

		// The list trusts the row: what it answers is what the row says, not a count.
		await rawRun(db, "UPDATE user_count SET users = 12345 WHERE id = 1");
		expect((await listUsers(app.deps, userListQuerySchema.parse({ limit: "2" }))).count).toBe(12345);
		// A filter is still counted.
		expect((await listUsers(app.deps, userListQuerySchema.parse({ limit: "2", role: "user" }))).count).toBe(3);
	});
});
