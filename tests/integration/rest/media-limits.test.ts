import { readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { media } from "../../../server/db/schema.ts";
import { IMAGE_JOBS_AT_ONCE, IMAGE_JOBS_WAITING, imageJobs } from "../../../server/lib/image-queue.ts";
import { MAX_ANIMATION_PIXELS, MAX_FRAMES, MAX_PIXELS } from "../../../server/lib/images.ts";
import { errorTexts } from "../../../shared/errors.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { makeAnimation, makePngClaiming } from "../../helpers/heavy-images.ts";
import { makePng } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { seedUser, type TestUser } from "../../helpers/users.ts";

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

const upload = (app: App, user: TestUser, data: Buffer) => {
	const form = uploadForm(user.id, data, "image.gif", "image/gif");
	return app.inject({
		method: "POST",
		url: "/api/v1/media/upload",
		headers: { ...user.headers, ...form.headers },
		payload: form.payload,
	});
};

const mediaFiles = (dataDir: string) => readdirSync(join(dataDir, "media"));

/** CPU time (all threads of this process, libvips' included) spent by `work`, in ms. */
async function cpuOf<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
	const start = process.cpuUsage();
	const result = await work();
	const used = process.cpuUsage(start);
	return { result, cpuMs: (used.user + used.system) / 1000 };
}

describe("image size limits", () => {
	it("refuses an animation of more than MAX_FRAMES frames, however small", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		for (const format of ["gif", "webp"] as const) {
			const tooMany = await makeAnimation(format, MAX_FRAMES + 1, 8, 8);
			expect((await sharp(tooMany, { animated: true }).metadata()).pages).toBe(MAX_FRAMES + 1);
			const res = await upload(app, user, tooMany);
			expect(res.statusCode).toBe(413);
			expect(res.json()).toEqual({ detail: errorTexts.IMAGE_TOO_LARGE });
		}
		expect(mediaFiles(dataDir)).toEqual([]);
	});

	it("refuses the 100-frame 400×400 GIF (60 KB) before re-encoding it, and takes one at the caps", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const heavy = await makeAnimation("gif", 100, 400, 400);
		expect(100 * 400 * 400).toBeGreaterThan(MAX_ANIMATION_PIXELS);
		const refused = await cpuOf(() => upload(app, user, heavy));
		expect(refused.result.statusCode).toBe(413);
		expect(refused.result.json()).toEqual({ detail: errorTexts.IMAGE_TOO_LARGE });

		// 100 frames of 220×220: 4.84 million pixels, just under the cap.
		const atCaps = await makeAnimation("gif", MAX_FRAMES, 220, 220);
		expect(MAX_FRAMES * 220 * 220).toBeLessThanOrEqual(MAX_ANIMATION_PIXELS);
		const taken = await cpuOf(() => upload(app, user, atCaps));
		expect(taken.result.statusCode).toBe(200);
		console.info(
			`100×400×400 GIF (${(heavy.length / 1024).toFixed(0)} KB): refused after ${refused.cpuMs.toFixed(0)} ms of CPU; ` +
				`100×220×220 GIF (${(atCaps.length / 1024).toFixed(0)} KB): stored after ${taken.cpuMs.toFixed(0)} ms`,
		);
		expect(refused.cpuMs).toBeLessThan(taken.cpuMs);
		expect(refused.cpuMs).toBeLessThan(200);
	});

	it("refuses a still image whose header claims more than MAX_PIXELS pixels as too large, not as unsupported", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const bomb = makePngClaiming(10_000, 10_000);
		expect(10_000 * 10_000).toBeGreaterThan(MAX_PIXELS);
		const res = await upload(app, user, bomb);
		expect(res.statusCode).toBe(413);
		expect(res.json()).toEqual({ detail: errorTexts.IMAGE_TOO_LARGE });
		expect(mediaFiles(dataDir)).toEqual([]);
	});
});

describe("the queue of image jobs", () => {
	/** Fills the running slots and `waiting` waiting ones with jobs the test ends. */
	function holdQueue(waiting: number) {
		let release = () => {};
		const gate = new Promise<void>((resolve) => {
			release = resolve;
		});
		const held = Array.from({ length: IMAGE_JOBS_AT_ONCE + waiting }, () => imageJobs.run(() => gate));
		return {
			release: async () => {
				release();
				await Promise.all(held);
			},
		};
	}

	it("when full, answers 503 with Retry-After at once and writes nothing", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const queue = holdQueue(IMAGE_JOBS_WAITING);
		expect(imageJobs.load).toEqual({ running: IMAGE_JOBS_AT_ONCE, waiting: IMAGE_JOBS_WAITING });
		const busy = await upload(app, user, await makePng());
		expect(busy.statusCode).toBe(503);
		expect(busy.headers["retry-after"]).toBe("5");
		expect(busy.json()).toEqual({ detail: errorTexts.UPLOADS_BUSY });
		expect(mediaFiles(dataDir)).toEqual([]);
		expect(await app.deps.db.select().from(media)).toEqual([]);
		expect(imageJobs.load).toEqual({ running: IMAGE_JOBS_AT_ONCE, waiting: IMAGE_JOBS_WAITING });

		await queue.release();
		expect(imageJobs.load).toEqual({ running: 0, waiting: 0 });
		expect((await upload(app, user, await makePng())).statusCode).toBe(200);
	});

	it("with room, an upload waits its turn and then goes through", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const queue = holdQueue(0);
		const pending = upload(app, user, await makePng());
		await expect.poll(() => imageJobs.load.waiting).toBe(1);
		expect(mediaFiles(dataDir)).toEqual([]);
		await queue.release();
		const res = await pending;
		expect(res.statusCode).toBe(200);
		expect(mediaFiles(dataDir)).toEqual([res.json().file_id]);
	});
});
