import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { takeDatabaseDown } from "../../helpers/database-down.ts";
import { onPostgres } from "../../helpers/engine.ts";
import { API } from "../../helpers/http.ts";
import {
	makeAnimated,
	makeGif,
	makeJpeg,
	makeJpegRotated,
	makeJpegWithGps,
	makePng,
	makeWebp,
} from "../../helpers/images.ts";
import { multipart, uploadForm } from "../../helpers/multipart.ts";
import { seedUser, type TestUser } from "../../helpers/users.ts";

/** On PostgreSQL the health details warn of what stays on this host's disk (several instances would not share it). */
const hostWarnings = onPostgres ? { warnings: ["media_on_host_disk", "mail_outbox_on_host_disk"] } : {};

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

async function upload(
	app: App,
	user: TestUser,
	data: Buffer,
	options: { entityId?: string; name?: string; type?: string } = {},
) {
	const form = uploadForm(options.entityId ?? user.id, data, options.name ?? "photo.jpg", options.type ?? "image/jpeg");
	return app.inject({
		method: "POST",
		url: `${API}/media/upload`,
		headers: { ...user.headers, ...form.headers },
		payload: form.payload,
	});
}

const mediaFiles = (dataDir: string) => readdirSync(join(dataDir, "media"));

describe("media upload", () => {
	it.each([
		["jpeg", makeJpeg, "image/jpeg"],
		["png", makePng, "image/png"],
		["gif", makeGif, "image/gif"],
		["webp", makeWebp, "image/webp"],
	] as const)("stores a %s under a random id and serves it back", async (format, make, contentType) => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const answer = await upload(app, user, await make(), { name: "whatever.bin", type: "application/octet-stream" });
		expect(answer.statusCode).toBe(200);
		const file = answer.json();
		expect(file).toMatchObject({ entity_type: "user", entity_id: user.id, content_type: contentType });
		expect(file.file_id).toMatch(/^[0-9a-f]{32}$/);
		expect(file.url).toBe(`/api/v1/media/serve/user/${user.id}/${file.file_id}`);
		expect(new Date(file.created_at).getTime()).toBeGreaterThan(0);
		expect(mediaFiles(dataDir)).toEqual([file.file_id]);

		const served = await app.inject({ method: "GET", url: file.url });
		expect(served.statusCode).toBe(200);
		expect(served.headers["content-type"]).toBe(contentType);
		expect(served.headers["x-content-type-options"]).toBe("nosniff");
		expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
		expect(Number(served.headers["content-length"])).toBe(file.size);
		expect((await sharp(served.rawPayload).metadata()).format).toBe(format);
	});

	it("strips EXIF and GPS", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const original = await makeJpegWithGps();
		const before = await sharp(original).metadata();
		expect(before.exif).toBeDefined();
		expect(before.exif?.toString("latin1")).toContain("PorticoCam");
		const file = (await upload(app, user, original)).json();
		const served = await app.inject({ method: "GET", url: file.url });
		const after = await sharp(served.rawPayload).metadata();
		expect(after.exif).toBeUndefined();
		expect(after.xmp).toBeUndefined();
		expect(served.rawPayload.includes("PorticoCam")).toBe(false);
	});

	it("applies the EXIF orientation before stripping it", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const original = await makeJpegRotated();
		expect(await sharp(original).metadata()).toMatchObject({ width: 40, height: 20, orientation: 6 });
		const served = await app.inject({ method: "GET", url: (await upload(app, user, original)).json().url });
		const after = await sharp(served.rawPayload).metadata();
		expect(after).toMatchObject({ width: 20, height: 40 });
		expect(after.orientation).toBeUndefined();
	});

	it.each(["gif", "webp"] as const)("keeps the frames of an animated %s", async (format) => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const original = await makeAnimated(format);
		expect((await sharp(original, { animated: true }).metadata()).pages).toBe(2);
		const served = await app.inject({ method: "GET", url: (await upload(app, user, original)).json().url });
		expect((await sharp(served.rawPayload, { animated: true }).metadata()).pages).toBe(2);
	});

	it.each([
		["an HTML page named .png", Buffer.from("<!doctype html><script>alert(1)</script>"), "evil.png", "image/png"],
		[
			"an SVG",
			Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
			"a.svg",
			"image/svg+xml",
		],
		["a truncated PNG", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), "a.png", "image/png"],
		["a PDF named .jpg", Buffer.from("%PDF-1.4\n%...."), "a.jpg", "image/jpeg"],
		["an empty file", Buffer.alloc(0), "a.png", "image/png"],
	])("refuses %s with 415 and writes nothing", async (_label, data, name, type) => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const answer = await upload(app, user, data, { name, type });
		expect(answer.statusCode).toBe(415);
		expect(answer.json()).toEqual({ detail: "Only JPEG, PNG, GIF and WebP images are accepted" });
		expect(mediaFiles(dataDir)).toEqual([]);
	});

	it("refuses a 6 MB upload with 413 and writes nothing", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const big = Buffer.concat([await makePng(), Buffer.alloc(6 * 1024 * 1024, 7)]);
		const answer = await upload(app, user, big, { name: "big.png", type: "image/png" });
		expect(answer.statusCode).toBe(413);
		expect(answer.json()).toEqual({ detail: "Image file size must be less than 5MB" });
		expect(mediaFiles(dataDir)).toEqual([]);
		expect(
			(await app.inject({ method: "GET", url: `${API}/media/user/${user.id}`, headers: user.headers })).json(),
		).toEqual({
			data: [],
			count: 0,
		});
	});

	it("accepts a file of exactly 5 MB of bytes when it is an image", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const png = await makePng();
		// Bytes after IEND are ignored by decoders: a valid PNG padded to the limit.
		const padded = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
		const answer = await upload(app, user, padded, { name: "edge.png", type: "image/png" });
		expect(answer.statusCode).toBe(200);
		expect(answer.json().size).toBeLessThan(5 * 1024 * 1024);
	});

	it("refuses another user's entity (403), but a superuser may upload for anyone", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		const admin = await seedUser(app, { isSuperuser: true });
		const refused = await upload(app, user, await makeJpeg(), { entityId: other.id });
		expect(refused.statusCode).toBe(403);
		expect(mediaFiles(dataDir)).toEqual([]);
		const byAdmin = await upload(app, admin, await makeJpeg(), { entityId: other.id });
		expect(byAdmin.statusCode).toBe(200);
		const mine = await app.inject({
			method: "GET",
			url: `${API}/media/file/${byAdmin.json().file_id}`,
			headers: other.headers,
		});
		expect(mine.statusCode).toBe(200);
		const missing = await upload(app, admin, await makeJpeg(), { entityId: "4f1c2c1e-0000-4000-8000-000000000000" });
		expect(missing.statusCode).toBe(404);
	});

	it("validates the form: 422 for a missing file, entity id or a wrong entity type; 401 without a token", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const send = (form: ReturnType<typeof multipart>, headers: Record<string, string> = user.headers) =>
			app.inject({
				method: "POST",
				url: `${API}/media/upload`,
				headers: { ...headers, ...form.headers },
				payload: form.payload,
			});
		const noFile = await send(
			multipart([
				{ name: "entity_type", value: "user" },
				{ name: "entity_id", value: user.id },
			]),
		);
		expect(noFile.statusCode).toBe(422);
		expect(noFile.json().detail[0].loc).toEqual(["body", "file"]);
		const image = { name: "file", filename: "a.png", type: "image/png", data: await makePng() };
		const noId = await send(multipart([{ name: "entity_type", value: "user" }, image]));
		expect(noId.statusCode).toBe(422);
		expect(noId.json().detail[0]).toMatchObject({
			loc: ["body", "entity_id"],
			msg: "Entity ID is required for upload",
		});
		const wrongType = await send(
			multipart([{ name: "entity_type", value: "post" }, { name: "entity_id", value: user.id }, image]),
		);
		expect(wrongType.statusCode).toBe(422);
		const json = await app.inject({
			method: "POST",
			url: `${API}/media/upload`,
			headers: user.headers,
			payload: { entity_type: "user", entity_id: user.id },
		});
		expect(json.statusCode).toBe(422);
		const anonymous = await send(multipart([image]), {});
		expect(anonymous.statusCode).toBe(401);
	});

	it("answers 400 to a multipart body it cannot parse", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		for (const url of [`${API}/media/upload`, `${API}/media/${"a".repeat(32)}/move`]) {
			const answer = await app.inject({
				method: url.endsWith("move") ? "PATCH" : "POST",
				url,
				headers: { ...user.headers, "content-type": "multipart/form-data; boundary=nope" },
				payload: "garbage without any boundary",
			});
			expect(answer.statusCode).toBe(400);
			expect(answer.json()).toEqual({ detail: "There was an error parsing the body" });
		}
		expect(mediaFiles(dataDir)).toEqual([]);
	});

	it("accepts the file part before the fields", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const form = multipart([
			{ name: "file", filename: "a.png", type: "image/png", data: await makePng() },
			{ name: "entity_id", value: user.id },
			{ name: "entity_type", value: "user" },
		]);
		const answer = await app.inject({
			method: "POST",
			url: `${API}/media/upload`,
			headers: { ...user.headers, ...form.headers },
			payload: form.payload,
		});
		expect(answer.statusCode).toBe(200);
		expect(answer.json().content_type).toBe("image/png");
	});

	it("refuses two files in one upload", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const image = { name: "file", filename: "a.png", type: "image/png", data: await makePng() };
		const form = multipart([
			{ name: "entity_type", value: "user" },
			{ name: "entity_id", value: user.id },
			image,
			image,
		]);
		const answer = await app.inject({
			method: "POST",
			url: `${API}/media/upload`,
			headers: { ...user.headers, ...form.headers },
			payload: form.payload,
		});
		expect(answer.statusCode).toBeGreaterThanOrEqual(400);
		expect(answer.statusCode).toBeLessThan(500);
		expect(mediaFiles(dataDir)).toEqual([]);
	});
});

describe("media serving", () => {
	it("sends an ETag and answers 304 to If-None-Match", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const file = (await upload(app, user, await makePng(), { type: "image/png" })).json();
		const first = await app.inject({ method: "GET", url: file.url });
		const etag = first.headers.etag as string;
		expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
		const again = await app.inject({ method: "GET", url: file.url, headers: { "if-none-match": etag } });
		expect(again.statusCode).toBe(304);
		expect(again.body).toBe("");
		const other = await app.inject({ method: "GET", url: file.url, headers: { "if-none-match": '"nope"' } });
		expect(other.statusCode).toBe(200);
	});

	it("needs no sign-in but the exact entity; refuses ids with dots or slashes", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		const file = (await upload(app, user, await makePng())).json();
		expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(200);
		const wrongEntity = await app.inject({ method: "GET", url: `${API}/media/serve/user/${other.id}/${file.file_id}` });
		expect(wrongEntity.statusCode).toBe(404);
		const attacks = [
			`${API}/media/serve/user/${user.id}/..`,
			`${API}/media/serve/user/${user.id}/..%2F..%2Fapp.db`,
			`${API}/media/serve/user/${user.id}/${file.file_id}%2F..`,
			`${API}/media/serve/user/..%2F..%2F/${file.file_id}`,
			`${API}/media/serve/user/${user.id}/../../app.db`,
			`${API}/media/file/..%2F..%2Fapp.db`,
			`${API}/media/file/${file.file_id.slice(0, 30)}..`,
		];
		for (const url of attacks) {
			const answer = await app.inject({ method: "GET", url, headers: user.headers });
			expect([404, 422], url).toContain(answer.statusCode);
		}
		for (const url of [`${API}/media/..%2F..%2Fapp.db`, `${API}/media/${"a".repeat(31)}.`]) {
			const answer = await app.inject({ method: "DELETE", url, headers: user.headers });
			expect([404, 422], url).toContain(answer.statusCode);
		}
	});
});

describe("media management", () => {
	it("lists an entity's files and reads one's metadata; others get 403", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		const admin = await seedUser(app, { isSuperuser: true });
		const a = (await upload(app, user, await makePng())).json();
		advance(1_000); // newest first by the time of upload
		const b = (await upload(app, user, await makeJpeg())).json();
		const list = await app.inject({ method: "GET", url: `${API}/media/user/${user.id}`, headers: user.headers });
		expect(list.statusCode).toBe(200);
		expect(list.json()).toEqual({ data: [b, a], count: 2 });
		const paged = await app.inject({
			method: "GET",
			url: `${API}/media/user/${user.id}?skip=1&limit=1`,
			headers: user.headers,
		});
		expect(paged.json()).toEqual({ data: [a], count: 2 });
		expect(
			(await app.inject({ method: "GET", url: `${API}/media/user/${user.id}`, headers: other.headers })).statusCode,
		).toBe(403);
		expect(
			(await app.inject({ method: "GET", url: `${API}/media/user/${user.id}`, headers: admin.headers })).json().count,
		).toBe(2);
		const meta = await app.inject({ method: "GET", url: `${API}/media/file/${a.file_id}`, headers: user.headers });
		expect(meta.json()).toEqual(a);
		expect(
			(await app.inject({ method: "GET", url: `${API}/media/file/${a.file_id}`, headers: other.headers })).statusCode,
		).toBe(403);
		const none = await app.inject({ method: "GET", url: `${API}/media/file/${"0".repeat(32)}`, headers: user.headers });
		expect(none.statusCode).toBe(404);
		expect(none.json()).toEqual({ detail: "File not found" });
		const viaTrpc = await app.inject({
			method: "GET",
			url: `/trpc/media.list?input=${encodeURIComponent(JSON.stringify({ entity_type: "user", entity_id: user.id }))}`,
			headers: user.headers,
		});
		expect(viaTrpc.json().result.data).toEqual({ data: [b, a], count: 2 });
	});

	it("deletes the row and the file; someone else gets 403", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		const file = (await upload(app, user, await makePng())).json();
		expect(
			(await app.inject({ method: "DELETE", url: `${API}/media/${file.file_id}`, headers: other.headers })).statusCode,
		).toBe(403);
		const deleted = await app.inject({ method: "DELETE", url: `${API}/media/${file.file_id}`, headers: user.headers });
		expect(deleted.statusCode).toBe(200);
		expect(deleted.json()).toEqual({ message: "File deleted successfully" });
		expect(mediaFiles(dataDir)).toEqual([]);
		expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(404);
		expect(
			(await app.inject({ method: "DELETE", url: `${API}/media/${file.file_id}`, headers: user.headers })).statusCode,
		).toBe(404);
	});

	it("clears the profile image that showed a deleted file (tRPC delete)", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const file = (await upload(app, user, await makePng())).json();
		await app.inject({
			method: "PATCH",
			url: `${API}/profile/me/image?image_url=${encodeURIComponent(file.url)}`,
			headers: user.headers,
		});
		const deleted = await app.inject({
			method: "POST",
			url: "/trpc/media.delete",
			headers: user.headers,
			payload: { file_id: file.file_id },
		});
		expect(deleted.json().result.data).toEqual({ message: "File deleted successfully" });
		const profile = await app.inject({ method: "GET", url: `${API}/profile/me`, headers: user.headers });
		expect(profile.json().profile_image_url).toBeNull();
	});

	it("moves a file to another entity (url-encoded or multipart form); the old URL stops working", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		const admin = await seedUser(app, { isSuperuser: true });
		const file = (await upload(app, user, await makePng())).json();
		await app.inject({
			method: "PATCH",
			url: `${API}/profile/me/image?image_url=${encodeURIComponent(file.url)}`,
			headers: user.headers,
		});

		const refused = await app.inject({
			method: "PATCH",
			url: `${API}/media/${file.file_id}/move`,
			headers: { ...user.headers, "content-type": "application/x-www-form-urlencoded" },
			payload: new URLSearchParams({ entity_type: "user", entity_id: other.id }).toString(),
		});
		expect(refused.statusCode).toBe(403);

		const moved = await app.inject({
			method: "PATCH",
			url: `${API}/media/${file.file_id}/move`,
			headers: { ...admin.headers, "content-type": "application/x-www-form-urlencoded" },
			payload: new URLSearchParams({ entity_type: "user", entity_id: other.id }).toString(),
		});
		expect(moved.statusCode).toBe(200);
		expect(moved.json()).toMatchObject({
			file_id: file.file_id,
			entity_id: other.id,
			url: `/api/v1/media/serve/user/${other.id}/${file.file_id}`,
		});
		expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(404);
		expect((await app.inject({ method: "GET", url: moved.json().url })).statusCode).toBe(200);
		const profile = await app.inject({ method: "GET", url: `${API}/profile/me`, headers: user.headers });
		expect(profile.json().profile_image_url).toBeNull();
		expect(
			(await app.inject({ method: "GET", url: `${API}/media/file/${file.file_id}`, headers: user.headers })).statusCode,
		).toBe(403);
		expect(
			(await app.inject({ method: "GET", url: `${API}/media/file/${file.file_id}`, headers: other.headers }))
				.statusCode,
		).toBe(200);

		const form = multipart([
			{ name: "entity_type", value: "user" },
			{ name: "entity_id", value: user.id },
		]);
		const back = await app.inject({
			method: "PATCH",
			url: `${API}/media/${file.file_id}/move`,
			headers: { ...admin.headers, ...form.headers },
			payload: form.payload,
		});
		expect(back.statusCode).toBe(200);
		expect(back.json().url).toBe(file.url);
		const bad = await app.inject({
			method: "PATCH",
			url: `${API}/media/${file.file_id}/move`,
			headers: { ...admin.headers, "content-type": "application/x-www-form-urlencoded" },
			payload: "entity_type=user",
		});
		expect(bad.statusCode).toBe(422);
	});

	it("deletes a user's files with the user", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const admin = await seedUser(app, { isSuperuser: true });
		const keep = (await upload(app, admin, await makePng())).json();
		await upload(app, user, await makePng());
		await upload(app, user, await makeJpeg());
		expect(mediaFiles(dataDir)).toHaveLength(3);
		const gone = await app.inject({ method: "DELETE", url: `${API}/users/me`, headers: user.headers });
		expect(gone.statusCode).toBe(200);
		expect(mediaFiles(dataDir)).toEqual([keep.file_id]);

		const second = await seedUser(app);
		await upload(app, second, await makeWebp());
		const byAdmin = await app.inject({ method: "DELETE", url: `${API}/users/${second.id}`, headers: admin.headers });
		expect(byAdmin.statusCode).toBe(200);
		expect(mediaFiles(dataDir)).toEqual([keep.file_id]);
	});
});

describe("storage health", () => {
	it("reports storage in the detailed health checks, and 503 when the media directory is unusable", async () => {
		const { app, dataDir } = await buildTestApp();
		for (const url of [`${API}/media/health`, `${API}/utils/health-check/details`]) {
			const answer = await app.inject({ method: "GET", url });
			expect(answer.statusCode).toBe(200);
			expect(answer.json()).toEqual({ status: "ok", database: "ok", storage: "ok", ...hostWarnings });
		}
		const { rmSync, writeFileSync } = await import("node:fs");
		rmSync(join(dataDir, "media"), { recursive: true });
		writeFileSync(join(dataDir, "media"), "not a directory");
		for (const url of [`${API}/media/health`, `${API}/utils/health-check/details`]) {
			const answer = await app.inject({ method: "GET", url });
			expect(answer.statusCode).toBe(503);
			expect(answer.json()).toEqual({ status: "error", database: "ok", storage: "error", ...hostWarnings });
		}
		const plain = await app.inject({ method: "GET", url: `${API}/utils/health-check/` });
		expect(plain.statusCode).toBe(503);
		expect(existsSync(join(dataDir, "media"))).toBe(true);
	});

	it("answers 503 to an upload when the media directory cannot be written", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const { rmSync, writeFileSync } = await import("node:fs");
		rmSync(join(dataDir, "media"), { recursive: true });
		writeFileSync(join(dataDir, "media"), "not a directory");
		const answer = await upload(app, user, await makePng());
		expect(answer.statusCode).toBe(503);
		expect(answer.json()).toEqual({ detail: "Service unavailable" });
		const list = await app.inject({ method: "GET", url: `${API}/media/user/${user.id}`, headers: user.headers });
		expect(list.json().count).toBe(0);
	});

	it("answers 503 when the database is down", async () => {
		const { app, db } = await buildTestApp();
		await takeDatabaseDown(db);
		const answer = await app.inject({ method: "GET", url: `${API}/media/health` });
		expect(answer.statusCode).toBe(503);
		expect(answer.json()).toEqual({ status: "error", database: "error", storage: "ok", ...hostWarnings });
	});
});
