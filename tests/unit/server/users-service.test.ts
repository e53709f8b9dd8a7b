import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { users } from "../../../server/db/schema.ts";
import { deleteMe } from "../../../server/services/account/own-account.ts";
import { deleteUser, updateUser } from "../../../server/services/admin/users.ts";
import { findUserById, insertUser } from "../../../server/services/users/records.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { authOf, META, refusal } from "../../helpers/services.ts";
import { PASSWORD, seedAdmin, seedUser } from "../../helpers/users.ts";

const newUser = (email: string) => ({
	email,
	password: PASSWORD,
	isActive: true,
	isSuperuser: false,
	emailVerified: false,
});

describe("insertUser", () => {
	it("refuses an e-mail already taken, in any case, with the reason its caller names, and writes nothing", async () => {
		const { app, db } = await buildTestApp();
		await seedUser(app, { email: "taken@example.com" });
		const rows = async () => (await first(db.select({ value: count() }).from(users)))?.value;
		expect(await refusal(async () => insertUser(app.deps, newUser("TAKEN@example.com"), "SIGNUP_EMAIL_TAKEN"))).toBe(
			"SIGNUP_EMAIL_TAKEN",
		);
		expect(await refusal(async () => insertUser(app.deps, newUser("taken@example.com"), "CREATE_EMAIL_TAKEN"))).toBe(
			"CREATE_EMAIL_TAKEN",
		);
		expect(await rows()).toBe(1);
		expect(await refusal(async () => insertUser(app.deps, newUser("free@example.com"), "CREATE_EMAIL_TAKEN"))).toBe(
			"no refusal",
		);
		expect(await rows()).toBe(2);
	});
});

describe("updateUser", () => {
	it("refuses a superuser deactivating or demoting themselves (SELF_DEMOTE), other changes to themselves pass", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		await seedUser(app, { isSuperuser: true }); // not the last one: the refusal is about oneself
		const actor = await authOf(app, admin);
		expect(await refusal(async () => updateUser(app.deps, actor, admin.id, { is_active: false }))).toBe("SELF_DEMOTE");
		expect(await refusal(async () => updateUser(app.deps, actor, admin.id, { is_superuser: false }))).toBe(
			"SELF_DEMOTE",
		);
		expect(await findUserById(app.deps, admin.id)).toMatchObject({ isActive: true, isSuperuser: true });
		expect(await refusal(async () => updateUser(app.deps, actor, admin.id, { full_name: "Boss" }))).toBe("no refusal");
	});

	it("refuses to demote or deactivate the last active superuser (LAST_SUPERUSER); an inactive one does not count", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		await seedUser(app, { isSuperuser: true, isActive: false });
		const other = await seedUser(app, { isSuperuser: true });
		// The other superuser's request was authorised; then they lost their power.
		const staleActor = await authOf(app, other);
		await updateUser(app.deps, await authOf(app, admin), other.id, { is_superuser: false });
		for (const change of [{ is_superuser: false }, { is_active: false }])
			expect(await refusal(async () => updateUser(app.deps, staleActor, admin.id, change))).toBe("LAST_SUPERUSER");
		expect(await findUserById(app.deps, admin.id)).toMatchObject({ isActive: true, isSuperuser: true });
	});
});

describe("deleteUser and deleteMe", () => {
	it("deleteUser refuses oneself (SUPERUSER_SELF_DELETE) and the last active superuser (LAST_SUPERUSER)", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const other = await seedUser(app, { isSuperuser: true });
		const staleActor = await authOf(app, other);
		expect(await refusal(async () => deleteUser(app.deps, await authOf(app, admin), admin.id))).toBe(
			"SUPERUSER_SELF_DELETE",
		);
		await updateUser(app.deps, await authOf(app, admin), other.id, { is_superuser: false });
		expect(await refusal(async () => deleteUser(app.deps, staleActor, admin.id))).toBe("LAST_SUPERUSER");
		expect(await findUserById(app.deps, admin.id)).toBeDefined();
	});

	it("deleteMe refuses a superuser (SUPERUSER_SELF_DELETE), even one who just proved who they are", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		await seedUser(app, { isSuperuser: true }); // not the last one: the refusal is about deleting oneself
		const user = await seedUser(app);
		// A seeded session has just authenticated: the recent-authentication rule is met.
		expect(await refusal(async () => deleteMe(app.deps, await authOf(app, admin), META))).toBe("SUPERUSER_SELF_DELETE");
		expect(await findUserById(app.deps, admin.id)).toBeDefined();
		expect(await refusal(async () => deleteMe(app.deps, await authOf(app, user), META))).toBe("no refusal");
		expect(await findUserById(app.deps, user.id)).toBeUndefined();
	});
});
