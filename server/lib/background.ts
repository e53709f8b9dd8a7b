import type { Logger } from "./logger.ts";

/** Work that must not make a reply slower or tell anything by its timing (recovery e-mails). */
export type Background = {
	/** Runs the task after the current reply has gone; failures are logged, never thrown. */
	run(task: () => void | Promise<void>): void;
	/** Resolves when every task started so far has finished (shutdown, tests). */
	idle(): Promise<void>;
};

export function createBackground(log: Logger): Background {
	const pending = new Set<Promise<void>>();
	return {
		run(task) {
			const job: Promise<void> = new Promise((resolve) => setImmediate(resolve))
				.then(task)
				.catch((error: unknown) => log.error({ err: error }, "background task failed"))
				.finally(() => pending.delete(job));
			pending.add(job);
		},
		async idle() {
			while (pending.size > 0) await Promise.all([...pending]);
		},
	};
}
