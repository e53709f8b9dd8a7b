import { describe, expect, it } from "vitest";
import { ensureFirstSuperuser } from "../../../server/services/admin/first-superuser.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { hashGate } from "../../helpers/hash-gate.ts";
import { rawAll } from "../../helpers/raw-sql.ts";

// Instances started together on one database each make sure the first superuser exists
// (issue 24): the loser of the race must start, not exit with CREATE_EMAIL_TAKEN. A gate
// holds the first creator after its password hash (past its "does the account exist?"),
// while the second creates the account.

const FIRST = { FIRST_SUPERUSER_EMAIL: "first@example.com", FIRST_SUPERUSER_PASSWORD: "first-password-123" };

describe("the first superuser with a concurrent creator", () => {
	it("two creators at once: exactly one superuser, neither fails", async () => {
		const gate = hashGate();
		const { app, db } = await buildTestApp({ env: FIRST, passwords: gate.hasher });
		const held = gate.pauseAfter("hash");
		const first = ensureFirstSuperuser(app.deps);
		await held.reached;
		expect(await ensureFirstSuperuser(app.deps)).toEqual({ created: true, generatedPassword: undefined });
		held.release();
		expect(await first).toEqual({ created: false });

		const users = await rawAll<{ email: string; is_superuser: unknown }>(db, "SELECT email, is_superuser FROM users");
		expect(users.map((user) => [user.email, Boolean(user.is_superuser)])).toEqual([["first@example.com", true]]);
		const created = await rawAll(db, "SELECT id FROM audit_events WHERE action = ?", ["admin.user_create"]);
		expect(created).toHaveLength(1);
	});
});
