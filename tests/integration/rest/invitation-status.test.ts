import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { auditEvents, users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api } from "../../helpers/http.ts";
import { mutate, query } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

async function withInvitee() {
	const testApp = await buildTestApp();
	const admin = await seedAdmin(testApp.app);
	const member = await seedUser(testApp.app, { email: "member@example.com" });
	const invited = await api(testApp.app, "POST", "/users/", {
		headers: admin.headers,
		body: { email: "pending@example.com", full_name: "Pending Person", invite: true },
	});
	expect(invited.statusCode).toBe(200);
	return { ...testApp, admin, member, invitee: invited.json() as { id: string; email: string } };
}

describe("who has not accepted an invitation", () => {
	it("the admin list says `invited` per user, and `status=invited` lists only them (REST and tRPC)", async () => {
		const { app, admin, invitee } = await withInvitee();
		const all = (await api(app, "GET", "/users/?limit=100", { headers: admin.headers })).json() as {
			data: { email: string; invited: boolean }[];
		};
		expect(Object.fromEntries(all.data.map((user) => [user.email, user.invited]))).toMatchObject({
			"pending@example.com": true,
			"member@example.com": false,
		});
		const invited = await api(app, "GET", "/users/?status=invited", { headers: admin.headers });
		expect(invited.json()).toMatchObject({ count: 1, data: [{ id: invitee.id, invited: true }] });
		const active = (await api(app, "GET", "/users/?status=active&limit=100", { headers: admin.headers })).json() as {
			data: { email: string }[];
		};
		expect(active.data.map((user) => user.email)).not.toContain("pending@example.com");
		const trpc = await query(app, "admin.list", { status: "invited" }, { headers: admin.headers });
		expect(trpc.data).toMatchObject({ count: 1, data: [{ id: invitee.id, invited: true }] });
		const bad = await api(app, "GET", "/users/?status=pending", { headers: admin.headers });
		expect(bad.statusCode).toBe(422);
	});

	it("revoking deletes the invited account and its link, audited; a user with a password is refused (409)", async () => {
		const { app, admin, member, invitee } = await withInvitee();
		const refused = await api(app, "DELETE", `/users/${member.id}/invite`, { headers: admin.headers });
		expect(refused.statusCode).toBe(409);
		expect(refused.json()).toEqual({ detail: "The user has already set a password" });
		expect(await first(app.deps.db.select().from(users).where(eq(users.id, member.id)))).toBeDefined();

		const revoked = await api(app, "DELETE", `/users/${invitee.id}/invite`, { headers: admin.headers });
		expect(revoked.statusCode).toBe(200);
		expect(revoked.json()).toEqual({ message: "Invitation revoked" });
		expect(await first(app.deps.db.select().from(users).where(eq(users.id, invitee.id)))).toBeUndefined();
		const row = (await app.deps.db.select().from(auditEvents).where(eq(auditEvents.subjectId, invitee.id))).at(-1);
		expect(row).toMatchObject({ action: "admin.user_delete" });
		expect(JSON.parse(String(row?.details))).toMatchObject({ invitation_revoked: true });

		const again = await mutate(app, "admin.revokeInvitation", { user_id: invitee.id }, { headers: admin.headers });
		expect(again.error?.reason).toBe("USER_NOT_FOUND");
	});
});
