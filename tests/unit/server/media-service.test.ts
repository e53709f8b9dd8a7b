import { describe, expect, it } from "vitest";
import { listMedia, moveMedia, uploadMedia } from "../../../server/services/media/files.ts";
import type { EntityRef } from "../../../shared/schemas/media.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { makePng } from "../../helpers/images.ts";
import { authOf, refusal } from "../../helpers/services.ts";
import { seedUser } from "../../helpers/users.ts";

const NIL_ID = "00000000-0000-0000-0000-000000000000";
const userEntity = (id: string): EntityRef => ({ entity_type: "user", entity_id: id });

/** The seeded users as the services see them (the sessions the adapters pass on). */
async function people() {
	const test = await buildTestApp();
	const row = async (options: { isSuperuser?: boolean } = {}) => authOf(test.app, await seedUser(test.app, options));
	return { ...test, owner: await row(), other: await row(), admin: await row({ isSuperuser: true }) };
}

const PAGE = { skip: 0, limit: 100 };

describe("whose files an actor may act on", () => {
	it("a user acts on their own entity; another user's is FORBIDDEN", async () => {
		const { app, owner, other } = await people();
		expect(await refusal(async () => listMedia(app.deps, owner.user, userEntity(owner.user.id), PAGE))).toBe(
			"no refusal",
		);
		expect(await refusal(async () => listMedia(app.deps, other.user, userEntity(owner.user.id), PAGE))).toBe(
			"FORBIDDEN",
		);
	});

	it("a superuser acts on any user's entity, which must exist (ENTITY_NOT_FOUND)", async () => {
		const { app, owner, admin } = await people();
		expect(await refusal(async () => listMedia(app.deps, admin.user, userEntity(owner.user.id), PAGE))).toBe(
			"no refusal",
		);
		expect(await refusal(async () => listMedia(app.deps, admin.user, userEntity(NIL_ID), PAGE))).toBe(
			"ENTITY_NOT_FOUND",
		);
	});

	it("an entity type the service does not know is ENTITY_NOT_FOUND, even for its owner or a superuser", async () => {
		const { app, owner, admin } = await people();
		const unknown = { entity_type: "team", entity_id: owner.user.id } as unknown as EntityRef;
		expect(await refusal(async () => listMedia(app.deps, owner.user, unknown, PAGE))).toBe("ENTITY_NOT_FOUND");
		expect(await refusal(async () => listMedia(app.deps, admin.user, unknown, PAGE))).toBe("ENTITY_NOT_FOUND");
	});

	it("an upload is authorised before its bytes are read: not an image, but FORBIDDEN first", async () => {
		const { app, owner, other } = await people();
		const notAnImage = Buffer.from("not an image");
		expect(await refusal(async () => uploadMedia(app.deps, other, userEntity(owner.user.id), notAnImage))).toBe(
			"FORBIDDEN",
		);
	});

	it("a file moves only to an entity the actor may act on", async () => {
		const { app, owner, other, admin } = await people();
		const file = await uploadMedia(app.deps, owner, userEntity(owner.user.id), await makePng());
		expect(await refusal(async () => moveMedia(app.deps, owner, file.file_id, userEntity(other.user.id)))).toBe(
			"FORBIDDEN",
		);
		expect(await refusal(async () => moveMedia(app.deps, admin, file.file_id, userEntity(NIL_ID)))).toBe(
			"ENTITY_NOT_FOUND",
		);
		expect((await moveMedia(app.deps, admin, file.file_id, userEntity(other.user.id))).entity_id).toBe(other.user.id);
	});
});
