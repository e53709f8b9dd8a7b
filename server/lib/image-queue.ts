import { fail } from "../domain/errors.ts";

/** What a refused upload is told to wait, in seconds: about what a full queue takes to drain. */
export const UPLOADS_RETRY_AFTER_SECONDS = 5;

export type BoundedQueue = {
	run<T>(job: () => Promise<T>): Promise<T>;
	/** Jobs running and jobs waiting, for tests and logs. */
	readonly load: { running: number; waiting: number };
};

/**
 * Runs at most `running` jobs at once and keeps at most `waiting` more in arrival order;
 * a job beyond that is refused at once (UPLOADS_BUSY, with a Retry-After) instead of
 * queueing without limit while the caller holds its request and its bytes.
 */
export function boundedQueue(limits: { running: number; waiting: number }): BoundedQueue {
	let running = 0;
	const waiting: Array<() => void> = [];
	return {
		async run(job) {
			if (running < limits.running) running++;
			else if (waiting.length < limits.waiting) await new Promise<void>((resume) => waiting.push(resume));
			else fail("UPLOADS_BUSY", { retryAfter: UPLOADS_RETRY_AFTER_SECONDS });
			try {
				return await job();
			} finally {
				// A finishing job hands its slot straight to the longest waiter.
				const next = waiting.shift();
				if (next) next();
				else running--;
			}
		},
		get load() {
			return { running, waiting: waiting.length };
		},
	};
}

/** At most this many images are decoded and re-encoded at once. */
export const IMAGE_JOBS_AT_ONCE = 1;
/** At most this many wait their turn (each holds its upload, at most 5 MB, meanwhile). */
export const IMAGE_JOBS_WAITING = 8;

/**
 * sharp runs each image on one of libuv's four threads, the same four that hash
 * passwords: four uploads at once took every thread and a login waited 1.9 s instead of
 * 20 ms. One image at a time leaves three to argon2.
 */
export const imageJobs = boundedQueue({ running: IMAGE_JOBS_AT_ONCE, waiting: IMAGE_JOBS_WAITING });
