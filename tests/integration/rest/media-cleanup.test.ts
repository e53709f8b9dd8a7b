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
	it.each([
		{ who: "the owner, an admin uploading for them", uploader: "admin", status: 404, detail: "Entity not found" },
		{
			who: "the uploader, uploading for themself",
			uploader: "owner",
			status: 401,
			detail: "Could not validate credentials",
		},
	] as const)(
		"removes the file it wrote when $who vanished meanwhile ($status)",
		async ({ uploader, status, detail }) => {
			let beforeRecord: () => Promise<void> | void = () => {};
			const { app, dataDir } = await buildTestApp({
				storage: (config) => {
					const disk = createDiskStorage(join(config.dataDir, "media"));
					// Real disk storage; the test deletes the owner right after the file lands.
					const storage: MediaStorage = {
						...disk,
						write: async (id, data) => {
							await disk.write(id, data);
							await beforeRecord();
						},
					};
					return storage;
				},
			});
			const user = await seedUser(app);
			const admin = await seedUser(app, { isSuperuser: true });
			beforeRecord = async () => {
				expect(readdirSync(join(dataDir, "media"))).toHaveLength(1);
				await app.deps.db.delete(users).where(eq(users.id, user.id));
			};
			const form = uploadForm(user.id, await makePng(), "a.png", "image/png");
			const answer = await app.inject({
				method: "POST",
				url: "/api/v1/media/upload",
				headers: { ...(uploader === "admin" ? admin : user).headers, ...form.headers },
				payload: form.payload,
			});
			expect(answer.statusCode).toBe(status);
			expect(answer.json()).toEqual({ detail });
			expect(readdirSync(join(dataDir, "media"))).toEqual([]);
		},
	);
});
