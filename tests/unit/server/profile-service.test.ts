import { describe, expect, it } from "vitest";
import { getProfile, mergeProfile, replaceProfile } from "../../../server/services/account/profile.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { authOf, refusal } from "../../helpers/services.ts";
import { seedUser } from "../../helpers/users.ts";

const EMPTY = {
	age: null,
	gender: null,
	height_cm: null,
	current_weight_kg: null,
	phone: null,
	profile_image_url: null,
};

describe("profile writes", () => {
	it("merge changes only the fields it names; null or an empty phone clears one", async () => {
		const { app } = await buildTestApp();
		const seeded = await seedUser(app);
		const { id } = seeded;
		const auth = await authOf(app, seeded);
		await mergeProfile(app.deps, auth, { age: 40, phone: "+33 1 23 45 67 89" });
		expect(await mergeProfile(app.deps, auth, { height_cm: 180 })).toEqual({
			...EMPTY,
			user_id: id,
			age: 40,
			phone: "+33 1 23 45 67 89",
			height_cm: 180,
		});
		await mergeProfile(app.deps, auth, { age: null, phone: "" });
		expect(await getProfile(app.deps, id)).toEqual({ ...EMPTY, user_id: id, height_cm: 180 });
	});

	it("replace makes every field it leaves out null", async () => {
		const { app } = await buildTestApp();
		const seeded = await seedUser(app);
		const { id } = seeded;
		const auth = await authOf(app, seeded);
		await replaceProfile(app.deps, auth, { age: 40, gender: "other", height_cm: 180 });
		expect(await replaceProfile(app.deps, auth, { current_weight_kg: 70 })).toEqual({
			...EMPTY,
			user_id: id,
			current_weight_kg: 70,
		});
		expect(await getProfile(app.deps, id)).toEqual({ ...EMPTY, user_id: id, current_weight_kg: 70 });
	});

	it("refuses an image that is not a media file of the user (IMAGE_NOT_OWNED), and writes nothing", async () => {
		const { app } = await buildTestApp();
		const seeded = await seedUser(app);
		const { id } = seeded;
		const auth = await authOf(app, seeded);
		const foreign = `/api/v1/media/serve/user/${id}/${"a".repeat(32)}`;
		expect(await refusal(async () => mergeProfile(app.deps, auth, { age: 30, profile_image_url: foreign }))).toBe(
			"IMAGE_NOT_OWNED",
		);
		expect(await getProfile(app.deps, id)).toEqual({ ...EMPTY, user_id: id });
	});
});
