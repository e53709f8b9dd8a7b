import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { mutate, mutateUnchecked, query } from "../../helpers/trpc.ts";
import { seedUser } from "../../helpers/users.ts";

const FORBIDDEN = { code: "FORBIDDEN", httpStatus: 403, message: "The user doesn't have enough privileges" };
const GHOST = "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

describe("tRPC admin", () => {
	it("is FORBIDDEN for a plain user and UNAUTHORIZED without a token, on every procedure", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const calls = [
			() => query(app, "admin.list", {}, { headers: user.headers }),
			() => query(app, "admin.get", { user_id: user.id }, { headers: user.headers }),
			() =>
				mutate(app, "admin.create", { email: "x@example.com", password: "a-good-password" }, { headers: user.headers }),
			() => mutate(app, "admin.update", { user_id: user.id, is_superuser: true }, { headers: user.headers }),
			() => mutate(app, "admin.delete", { user_id: user.id }, { headers: user.headers }),
			() => mutate(app, "admin.invite", { user_id: user.id }, { headers: user.headers }),
			() => query(app, "admin.list", { q: "x", role: "superuser" }, { headers: user.headers }),
		];
		for (const call of calls) expect((await call()).error).toMatchObject(FORBIDDEN);
		const anonymous = await query(app, "admin.list", {});
		expect(anonymous.error).toMatchObject({ code: "UNAUTHORIZED", message: "Not authenticated" });
		// Authorisation before validation here too.
		const invalid = await mutateUnchecked(app, "admin.create", { email: 1 }, { headers: user.headers });
		expect(invalid.error).toMatchObject(FORBIDDEN);
	});

	it("list, create, update and delete for a superuser, with the REST error texts", async () => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true, email: "root@example.com" });
		const headers = admin.headers;
		const created = await mutate(
			app,
			"admin.create",
			{ email: "New@Example.com", password: "a-good-password", is_superuser: false },
			{ headers },
		);
		const id = (created.data as { id: string }).id;
		expect(created.data).toMatchObject({ email: "new@example.com", is_active: true });
		const dup = await mutate(
			app,
			"admin.create",
			{ email: "new@example.com", password: "a-good-password" },
			{ headers },
		);
		expect(dup.error).toMatchObject({
			code: "BAD_REQUEST",
			message: "The user with this email already exists in the system.",
		});

		const list = await query(app, "admin.list", { skip: 0, limit: 5 }, { headers });
		expect(list.data).toMatchObject({ count: 2, data: [{ id }, { id: admin.id }] });

		const updated = await mutate(
			app,
			"admin.update",
			{ user_id: id, full_name: "Named", is_active: false },
			{ headers },
		);
		expect(updated.data).toMatchObject({ id, full_name: "Named", is_active: false });
		const missing = await mutate(app, "admin.update", { user_id: GHOST, full_name: "x" }, { headers });
		expect(missing.error).toMatchObject({
			code: "NOT_FOUND",
			httpStatus: 404,
			message: "The user with this id does not exist in the system",
		});
		const demote = await mutate(app, "admin.update", { user_id: admin.id, is_superuser: false }, { headers });
		expect(demote.error).toMatchObject({
			code: "FORBIDDEN",
			message: "Super users are not allowed to deactivate or demote themselves",
		});

		expect((await mutate(app, "admin.delete", { user_id: id }, { headers })).data).toEqual({
			message: "User deleted successfully",
		});
		const gone = await mutate(app, "admin.delete", { user_id: id }, { headers });
		expect(gone.error).toMatchObject({ code: "NOT_FOUND", message: "User not found" });
		const self = await mutate(app, "admin.delete", { user_id: admin.id }, { headers });
		expect(self.error).toMatchObject({
			code: "FORBIDDEN",
			message: "Super users are not allowed to delete themselves",
		});
		const bad = await mutate(app, "admin.delete", { user_id: "nope" }, { headers });
		expect(bad.error).toMatchObject({ code: "BAD_REQUEST", issues: [{ path: ["user_id"], message: "idInvalid" }] });
	});
});
