import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makePng } from "../../helpers/images.ts";
import { httpLogin, SUPERUSER, startServer, tempDir } from "../../helpers/process.ts";
import { startTestS3 } from "../../helpers/s3.ts";

describe("the real server with MEDIA_URL", () => {
	it("stores an upload in the bucket, serves it, deletes it, and reports the store's health", {
		timeout: 120_000,
	}, async () => {
		const s3 = await startTestS3();
		const dataDir = tempDir();
		const server = await startServer(dataDir, s3.env);
		const token = (await (await httpLogin(server.url, SUPERUSER.email, SUPERUSER.password)).json()).access_token;
		const auth = { authorization: `Bearer ${token}` };
		const me = await (await fetch(`${server.url}/api/v1/users/me`, { headers: auth })).json();
		const form = new FormData();
		form.set("entity_type", "user");
		form.set("entity_id", me.id);
		form.set("file", new Blob([new Uint8Array(await makePng())], { type: "image/png" }), "a.png");
		const uploaded = await fetch(`${server.url}/api/v1/media/upload`, { method: "POST", headers: auth, body: form });
		expect(uploaded.status).toBe(200);
		const file = await uploaded.json();
		expect(await s3.ids()).toEqual([file.file_id]);
		const mediaDir = join(dataDir, "media");
		expect(existsSync(mediaDir) ? readdirSync(mediaDir) : []).toEqual([]);

		const served = await fetch(`${server.url}${file.url}`);
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/png");
		expect((await served.arrayBuffer()).byteLength).toBe(file.size);

		const deleted = await fetch(`${server.url}/api/v1/media/${file.file_id}`, { method: "DELETE", headers: auth });
		expect(deleted.status).toBe(200);
		expect(await s3.ids()).toEqual([]);

		await s3.stop();
		const health = await fetch(`${server.url}/api/v1/utils/health-check/details`);
		expect(health.status).toBe(503);
		expect(await health.json()).toEqual({ status: "error", database: "ok", storage: "error" });
	});
});
