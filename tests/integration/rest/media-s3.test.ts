import { existsSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "../../../server/http/logging.ts";
import { createMediaStorage } from "../../../server/media/create-storage.ts";
import { newFileId } from "../../../server/media/storage.ts";
import { runHousekeeping } from "../../../server/services/housekeeping.ts";
import { ORPHAN_GRACE_MS } from "../../../server/services/media/orphans.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { onPostgres } from "../../helpers/engine.ts";
import { API } from "../../helpers/http.ts";
import { makeJpeg, makePng, makeWebp } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { startTestS3 } from "../../helpers/s3.ts";
import { seedUser, type TestUser } from "../../helpers/users.ts";

/** On PostgreSQL the health details warn of what stays on this host's disk (several instances would not share it). */
const hostWarnings = onPostgres ? { warnings: ["mail_outbox_on_host_disk"] } : {};

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

async function upload(app: App, user: TestUser, data: Buffer, type = "image/png") {
	const form = uploadForm(user.id, data, "photo", type);
	return app.inject({
		method: "POST",
		url: `${API}/media/upload`,
		headers: { ...user.headers, ...form.headers },
		payload: form.payload,
	});
}

/** The app on MEDIA_URL=s3://portico-media/tenant/media over an in-process s3rver. */
async function s3App() {
	const s3 = await startTestS3();
	const testApp = await buildTestApp({ env: s3.env });
	return { ...testApp, s3 };
}

describe("media on S3-compatible storage", () => {
	it("uploads under the prefix by random id, serves through the app with its headers, deletes", async () => {
		const { app, dataDir, s3 } = await s3App();
		const user = await seedUser(app);
		const answer = await upload(app, user, await makePng());
		expect(answer.statusCode).toBe(200);
		const file = answer.json();
		expect(await s3.ids()).toEqual([file.file_id]);
		expect((await s3.storage.stat(file.file_id))?.size).toBe(file.size);
		expect(existsSync(join(dataDir, "media"))).toBe(false);

		const served = await app.inject({ method: "GET", url: file.url });
		expect(served.statusCode).toBe(200);
		expect(served.headers).toMatchObject({
			"content-type": "image/png",
			"content-length": String(file.size),
			"x-content-type-options": "nosniff",
			"cache-control": "public, max-age=31536000, immutable",
			"content-security-policy": "default-src 'none'; sandbox",
			etag: `"${file.file_id}"`,
		});
		expect((await sharp(served.rawPayload).metadata()).format).toBe("png");
		const again = await app.inject({ method: "GET", url: file.url, headers: { "if-none-match": `"${file.file_id}"` } });
		expect(again.statusCode).toBe(304);
		const wrongEntity = await app.inject({ method: "GET", url: file.url.replace(user.id, newFileId()) });
		expect(wrongEntity.statusCode).toBe(404);

		const deleted = await app.inject({ method: "DELETE", url: `${API}/media/${file.file_id}`, headers: user.headers });
		expect(deleted.statusCode).toBe(200);
		expect(await s3.ids()).toEqual([]);
		expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(404);
	});

	it("answers 404 for a row whose object is gone, and a missing key deletes without error", async () => {
		const { app, s3 } = await s3App();
		const user = await seedUser(app);
		const file = (await upload(app, user, await makePng())).json();
		await s3.storage.remove(file.file_id);
		await s3.storage.remove(file.file_id);
		const served = await app.inject({ method: "GET", url: file.url });
		expect(served.statusCode).toBe(404);
		expect(served.json()).toEqual({ detail: "File not found" });
		expect(served.headers["content-type"]).toMatch(/^application\/json/);
	});

	it("serves a profile image from the bucket", async () => {
		const { app } = await s3App();
		const user = await seedUser(app);
		const file = (await upload(app, user, await makeJpeg(), "image/jpeg")).json();
		const set = await app.inject({
			method: "PATCH",
			url: `${API}/profile/me/image?image_url=${encodeURIComponent(file.url)}`,
			headers: user.headers,
		});
		expect(set.statusCode).toBe(200);
		const profile = await app.inject({ method: "GET", url: `${API}/profile/me`, headers: user.headers });
		const url = profile.json().profile_image_url;
		expect(url).toContain(file.file_id);
		const served = await app.inject({ method: "GET", url: new URL(url, "http://localhost").pathname });
		expect(served.statusCode).toBe(200);
		expect(served.headers["content-type"]).toBe("image/jpeg");
	});

	it("removes a deleted user's objects after the commit, and no one else's", async () => {
		const { app, s3 } = await s3App();
		const user = await seedUser(app);
		const admin = await seedUser(app, { isSuperuser: true });
		const keep = (await upload(app, admin, await makePng())).json();
		await upload(app, user, await makePng());
		await upload(app, user, await makeWebp(), "image/webp");
		expect(await s3.ids()).toHaveLength(3);
		const gone = await app.inject({ method: "DELETE", url: `${API}/users/me`, headers: user.headers });
		expect(gone.statusCode).toBe(200);
		expect(await s3.ids()).toEqual([keep.file_id]);
	});

	it("reports a storage error in the health checks, and 503 to uploads and serving, while the store is down", async () => {
		const { app, s3 } = await s3App();
		const user = await seedUser(app);
		const file = (await upload(app, user, await makePng())).json();
		const up = await app.inject({ method: "GET", url: `${API}/utils/health-check/details` });
		expect(up.json()).toEqual({ status: "ok", database: "ok", storage: "ok", ...hostWarnings });
		await s3.stop();
		for (const url of [`${API}/media/health`, `${API}/utils/health-check/details`]) {
			const answer = await app.inject({ method: "GET", url });
			expect(answer.statusCode).toBe(503);
			expect(answer.json()).toEqual({ status: "error", database: "ok", storage: "error", ...hostWarnings });
		}
		const refused = await upload(app, user, await makePng());
		expect(refused.statusCode).toBe(503);
		expect(refused.json()).toEqual({ detail: "Service unavailable" });
		const list = await app.inject({ method: "GET", url: `${API}/media/user/${user.id}`, headers: user.headers });
		expect(list.json().count).toBe(1);
		const served = await app.inject({ method: "GET", url: file.url });
		expect(served.statusCode).toBe(503);
		expect(served.headers["content-type"]).toMatch(/^application\/json/);
	});
});

describe("S3 credentials", () => {
	it("never reach the logs, even when every call to the store fails", async () => {
		const s3 = await startTestS3();
		let logs = "";
		const stream = new Writable({
			write(chunk, _encoding, done) {
				logs += chunk;
				done();
			},
		});
		// s3rver checks the key id, not the signature, so any secret passes there.
		const secret = "portico-test-secret-0123456789abcdef";
		const { app } = await buildTestApp({
			env: { ...s3.env, S3_SECRET_ACCESS_KEY: secret, LOG_LEVEL: "trace" },
			logger: { ...loggerOptions("trace"), stream },
		});
		const user = await seedUser(app);
		const file = (await upload(app, user, await makePng())).json();
		expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(200);
		await s3.stop();
		expect((await upload(app, user, await makePng())).statusCode).toBe(503);
		expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(503);
		expect((await app.inject({ method: "GET", url: `${API}/media/health` })).statusCode).toBe(503);
		await app.inject({ method: "DELETE", url: `${API}/media/${file.file_id}`, headers: user.headers });
		expect(logs).toContain("media storage refused a read");
		expect(logs).toContain("could not remove a media file");
		expect(logs).not.toContain(secret);
	});
});

describe("the orphan sweep", () => {
	it("removes objects without a row once older than the grace period; keeps fresh ones and every referenced one", async () => {
		const { app, s3, advance } = await s3App();
		const user = await seedUser(app);
		const referenced = (await upload(app, user, await makePng())).json();
		// A crash between the upload's write and its row leaves exactly this.
		const orphan = newFileId();
		await s3.storage.write(orphan, Buffer.from("half an upload"));

		// Younger than the grace period: its row may be on its way.
		await runHousekeeping(app.deps);
		expect(await s3.ids()).toEqual([orphan, referenced.file_id].sort());

		advance(ORPHAN_GRACE_MS + 60_000);
		await runHousekeeping(app.deps);
		expect(await s3.ids()).toEqual([referenced.file_id]);
		expect((await app.inject({ method: "GET", url: referenced.url })).statusCode).toBe(200);
	});

	it("keeps the object of an upload whose row is not written yet", async () => {
		const s3 = await startTestS3();
		let written: () => void = () => {};
		let release: () => void = () => {};
		const landed = new Promise<void>((resolve) => {
			written = resolve;
		});
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		const { app } = await buildTestApp({
			env: s3.env,
			storage: (config) => {
				const real = createMediaStorage(config.media);
				// The real S3 store; the upload stops between its object and its row.
				return {
					...real,
					write: async (id, data) => {
						await real.write(id, data);
						written();
						await held;
					},
				};
			},
		});
		const user = await seedUser(app);
		const uploading = upload(app, user, await makePng());
		await landed;
		const [id = ""] = await s3.ids();
		await runHousekeeping(app.deps);
		expect(await s3.ids()).toEqual([id]);
		release();
		const file = (await uploading).json();
		expect(file.file_id).toBe(id);
		expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(200);
	});

	it("does the same on disk", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		const referenced = (await upload(app, user, await makePng())).json();
		const orphan = newFileId();
		await app.deps.storage.write(orphan, Buffer.from("half an upload"));
		const ids = async () => {
			const found: string[] = [];
			for await (const file of app.deps.storage.list()) found.push(file.id);
			return found.sort();
		};
		await runHousekeeping(app.deps);
		expect(await ids()).toEqual([orphan, referenced.file_id].sort());
		advance(ORPHAN_GRACE_MS + 60_000);
		await runHousekeeping(app.deps);
		expect(await ids()).toEqual([referenced.file_id]);
	});
});
