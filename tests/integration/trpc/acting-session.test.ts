import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { hashGate } from "../../helpers/hash-gate.ts";
import { mutate } from "../../helpers/trpc.ts";
import { newSession, seedUser } from "../../helpers/users.ts";

/**
 * tRPC reads its body before any procedure runs, so what can land between a call's
 * authentication and its write is what runs while it awaits (a hash): the write re-checks
 * the acting session and, for an admin, their power (atomicallyAsAdmin).
 */
describe("a tRPC write after its session ended", () => {
	it("admin.update held after its hash: an actor demoted meanwhile writes nothing (403)", async () => {
		const gate = hashGate();
		const { app, db } = await buildTestApp({ passwords: gate.hasher });
		const actor = await seedUser(app, { isSuperuser: true });
		const other = await seedUser(app, { isSuperuser: true });
		const target = await seedUser(app);
		const before = (await first(db.select().from(users).where(eq(users.id, target.id))))?.hashedPassword;
		const held = gate.pauseAfter("hash");
		const pending = mutate(
			app,
			"admin.update",
			{ user_id: target.id, password: "a-password-set-late" },
			{ headers: actor.headers },
		);
		await held.reached;
		const demoted = await mutate(
			app,
			"admin.update",
			{ user_id: actor.id, is_superuser: false },
			{ headers: (await newSession(app, other)).headers },
		);
		expect(demoted.error).toBeNull();
		held.release();
		expect((await pending).error).toMatchObject({ httpStatus: 403, reason: "FORBIDDEN" });
		expect((await first(db.select().from(users).where(eq(users.id, target.id))))?.hashedPassword).toBe(before);
	});
});
