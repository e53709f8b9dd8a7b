import { describe, expect, it } from "vitest";
import { atomically } from "../../../server/db/transaction.ts";
import { admit } from "../../../server/services/sign-in/admission.ts";
import { findUserById } from "../../../server/services/users/records.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { rawAll } from "../../helpers/raw-sql.ts";
import { META } from "../../helpers/services.ts";
import { seedUser } from "../../helpers/users.ts";

/** Decision 012: the account's rules are applied in the transaction that writes the session, or not at all. */
describe("the admission", () => {
	it("refuses to decide outside the transaction that writes the session", async () => {
		const { app, db } = await buildTestApp();
		const seeded = await seedUser(app);
		const user = (await findUserById(app.deps, seeded.id)) ?? expect.unreachable();
		const sessions = async () => (await rawAll(db, "SELECT id FROM sessions WHERE user_id = ?", [user.id])).length;
		const before = await sessions();

		await expect(admit(app.deps, user, { method: "password" }, META)).rejects.toThrow(
			"admit() outside atomically(): use the deps it hands its body",
		);
		expect(await sessions()).toBe(before);

		const inside = await atomically(app.deps, async (deps) => admit(deps, user, { method: "password" }, META));
		expect(inside).toMatchObject({ admitted: { access_token: expect.any(String) } });
		expect(await sessions()).toBe(before + 1);
	});
});
