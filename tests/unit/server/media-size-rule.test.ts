import { describe, expect, it } from "vitest";
import { uploadMedia } from "../../../server/services/media/files.ts";
import { MAX_IMAGE_BYTES } from "../../../shared/schemas/media.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { makePng } from "../../helpers/images.ts";
import { authOf } from "../../helpers/services.ts";
import { seedUser } from "../../helpers/users.ts";

describe("the 5 MB image limit is the service's rule, whatever the adapter", () => {
	it("refuses more than MAX_IMAGE_BYTES before decoding anything, and takes an image at the limit's side", async () => {
		const { app } = await buildTestApp();
		const auth = await authOf(app, await seedUser(app));
		const ref = { entity_type: "user" as const, entity_id: auth.user.id };
		const png = await makePng();
		const oversized = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
		await expect(uploadMedia(app.deps, auth, ref, oversized)).rejects.toMatchObject({ reason: "FILE_TOO_LARGE" });
		await expect(uploadMedia(app.deps, auth, ref, png)).resolves.toMatchObject({ entity_id: auth.user.id });
	});
});
