import type { Scheduler } from "../../server/lib/scheduler.ts";

/**
 * The app's timers on the test's frozen clock: a timer fires when `advance` moves the clock
 * past its time (buildTestApp calls `runDue`), never on its own. A slow provider's timeout is
 * then reached by advancing 5 s, without waiting them.
 */
export class ClockScheduler implements Scheduler {
	private timers: { at: number; run: () => void }[] = [];

	constructor(private readonly now: () => number) {}

	after(ms: number, run: () => void): () => void {
		const timer = { at: this.now() + ms, run };
		this.timers.push(timer);
		return () => {
			this.timers = this.timers.filter((one) => one !== timer);
		};
	}

	/** Timers waiting to fire. */
	get pending(): number {
		return this.timers.length;
	}

	/** Fires, earliest first, every timer whose time the clock has reached. */
	runDue(): void {
		for (;;) {
			const due = this.timers.filter((one) => one.at <= this.now()).sort((a, b) => a.at - b.at)[0];
			if (!due) return;
			this.timers = this.timers.filter((one) => one !== due);
			due.run();
		}
	}
}
