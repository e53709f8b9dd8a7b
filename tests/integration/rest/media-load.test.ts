import { describe, expect, it } from "vitest";
import { imageJobs } from "../../../server/lib/image-queue.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { makeAnimation } from "../../helpers/heavy-images.ts";
import { loginForm } from "../../helpers/http.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { seedUser } from "../../helpers/users.ts";

const UPLOADERS = 8;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe("uploads and logins at once", () => {
	it("a login while uploads of heavy animations keep coming takes about as long as an idle one", async () => {
		// A real clock: the test is about time as it passes, under seconds of uploads.
		const { app, advance } = await buildTestApp({ clock: "real" });
		const user = await seedUser(app);
		// 6 frames of 300×300 noise (0.7 MB): within the caps, and about 0.3 s of CPU each
		// to re-encode. Without a queue, eight at a time take all four of libuv's threads
		// and queue for them ahead of every login's argon2.
		const gif = await makeAnimation("gif", 6, 300, 300, { noise: true });
		let ip = 0;
		const loginMs = async () => {
			const start = performance.now();
			const res = await loginForm(app, user.email, user.password, { ip: `10.77.0.${++ip}` });
			expect(res.statusCode).toBe(200);
			return performance.now() - start;
		};

		// Idle logins before and after the uploads: the machine's own load varies meanwhile.
		const idleLogins = async (count: number) => {
			const times: number[] = [];
			for (let i = 0; i < count; i++) times.push(await loginMs());
			return times;
		};
		await loginMs();
		const idleBefore = await idleLogins(3);

		// Clients each sending its next upload as soon as the last one is answered.
		let stop = false;
		const statuses: number[] = [];
		const uploader = async () => {
			// A user uploads 30 images an hour at most (decision 029): each uploader is its own user,
			// and a round of all of them moves the clock by the two minutes that give each one more.
			const uploading = await seedUser(app);
			while (!stop) {
				advance(120_000 / UPLOADERS);
				const form = uploadForm(uploading.id, gif, "anim.gif", "image/gif");
				const res = await app.inject({
					method: "POST",
					url: "/api/v1/media/upload",
					headers: { ...uploading.headers, ...form.headers },
					payload: form.payload,
				});
				statuses.push(res.statusCode);
			}
		};
		const uploaders = Array.from({ length: UPLOADERS }, uploader);
		await expect.poll(() => imageJobs.load.running + imageJobs.load.waiting, { interval: 5 }).toBe(UPLOADERS);
		const busyLogins: number[] = [];
		const imagesRunning: number[] = [];
		for (let i = 0; i < 5; i++) {
			busyLogins.push(await loginMs());
			imagesRunning.push(imageJobs.load.running);
		}
		stop = true;
		await Promise.all(uploaders);
		const busy = median(busyLogins);
		const idle = median([...idleBefore, ...(await idleLogins(3))]);

		console.info(
			`login (median): ${idle.toFixed(0)} ms idle, ${busy.toFixed(0)} ms while ${UPLOADERS} clients upload ` +
				`a ${(gif.length / 1024).toFixed(0)} KB noisy GIF (${statuses.length} uploads in all)`,
		);
		expect(new Set(statuses)).toEqual(new Set([200]));
		// Each login ended while an image was being processed.
		expect(imagesRunning).toEqual([1, 1, 1, 1, 1]);
		expect(busy).toBeLessThan(idle * 3 + 100);
	}, 60_000);
});
