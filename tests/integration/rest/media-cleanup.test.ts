import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../server/db/schema.ts";
import { createDiskStorage, type MediaStorage } from "../../../server/media/storage.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { makePng } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { seedUser } from "../../helpers/users.ts";

describe("an upload whose record cannot be written", () => {
	it("removes the file it wrote and answers 404 when the owner vanished meanwhile", async () => {
		let beforeRecord: () => void = () => {};
		const { app, dataDir } = await buildTestApp({
			storage: (config) => {
				const disk = createDiskStorage(join(config.dataDir, "media"));
				// Real disk storage; the test deletes the owner right after the file lands.
				const storage: MediaStorage = {
					...disk,
					write: async (id, data) => {
						await disk.write(id, data);
						beforeRecord();
					},
				};
				return storage;
			},
		});
		const user = await seedUser(app);
		beforeRecord = () => {
			expect(readdirSync(join(dataDir, "media"))).toHaveLength(1);
			app.deps.db.delete(users).where(eq(users.id, user.id)).run();
		};
		const form = uploadForm(user.id, await makePng(), "a.png", "image/png");
		const answer = await app.inject({
			method: "POST",
			url: "/api/v1/media/upload",
			headers: { ...user.headers, ...form.headers },
			payload: form.payload,
		});
		expect(answer.statusCode).toBe(404);
		expect(answer.json()).toEqual({ detail: "Entity not found" });
		expect(readdirSync(join(dataDir, "media"))).toEqual([]);
	});
});
