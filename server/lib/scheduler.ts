/**
 * Runs `run` once after `ms`, and answers how to cancel it. The app's timers that tests must
 * drive without waiting (a provider's timeout) take one from the deps: the tests' one fires
 * when their frozen clock is advanced (tests/helpers/build-test-app.ts).
 */
export type Scheduler = { after(ms: number, run: () => void): () => void };

export const realScheduler: Scheduler = {
	after(ms, run) {
		const timer = setTimeout(run, ms);
		// A timer alone never keeps the process up: what it guards (a request) does.
		timer.unref();
		return () => clearTimeout(timer);
	},
};
