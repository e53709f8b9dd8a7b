import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { sessions, users } from "../../../server/db/schema.ts";
import { changePassword, login } from "../../../server/services/sign-in/password.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { authOf, META, refusal } from "../../helpers/services.ts";
import { seedUser } from "../../helpers/users.ts";

/** Past any login back-off a failed attempt started. */
const PAST_BACK_OFF = 301_000;

describe("login", () => {
	it("refuses a wrong password and an unknown e-mail alike (INCORRECT_LOGIN), and opens no session", async () => {
		const { app, db, advance } = await buildTestApp();
		const user = await seedUser(app);
		const sessionCount = async () => (await db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
		expect(await refusal(async () => login(app.deps, { username: user.email, password: "wrong-password" }, META))).toBe(
			"INCORRECT_LOGIN",
		);
		advance(PAST_BACK_OFF);
		expect(
			await refusal(async () => login(app.deps, { username: "nobody@example.com", password: user.password }, META)),
		).toBe("INCORRECT_LOGIN");
		expect(await sessionCount()).toBe(1);
		advance(PAST_BACK_OFF);
		const upper = { username: user.email.toUpperCase(), password: user.password };
		expect(await refusal(async () => login(app.deps, upper, META))).toBe("no refusal");
		expect(await sessionCount()).toBe(2);
	});

	it("refuses a deactivated account its right password (INACTIVE_USER), but says nothing of it to a wrong one", async () => {
		const { app, db, advance } = await buildTestApp();
		const user = await seedUser(app, { isActive: false });
		expect(await refusal(async () => login(app.deps, { username: user.email, password: user.password }, META))).toBe(
			"INACTIVE_USER",
		);
		expect(await refusal(async () => login(app.deps, { username: user.email, password: "wrong-password" }, META))).toBe(
			"INCORRECT_LOGIN",
		);
		advance(PAST_BACK_OFF);
		await db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
		expect(await refusal(async () => login(app.deps, { username: user.email, password: user.password }, META))).toBe(
			"no refusal",
		);
	});
});

describe("changePassword", () => {
	it("refuses the current password as the new one (SAME_PASSWORD) and a wrong current one (INCORRECT_PASSWORD)", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const hash = async () => (await first(db.select().from(users).where(eq(users.id, user.id))))?.hashedPassword;
		const before = await hash();
		const auth = await authOf(app, user);
		const same = { current_password: user.password, new_password: user.password };
		expect(await refusal(async () => changePassword(app.deps, auth, same, META))).toBe("SAME_PASSWORD");
		const wrong = { current_password: "not-the-password", new_password: "a-new-password-1" };
		expect(await refusal(async () => changePassword(app.deps, auth, wrong, META))).toBe("INCORRECT_PASSWORD");
		expect(await hash()).toBe(before);
	});
});
