/**
 * A limiter letting at most `max` tasks run at once; the rest wait in arrival order.
 * A finishing task hands its slot straight to the longest waiter.
 */
export function limitConcurrency(max: number) {
	let inFlight = 0;
	const waiting: Array<() => void> = [];
	return async function run<T>(work: () => Promise<T>): Promise<T> {
		if (inFlight >= max) await new Promise<void>((resume) => waiting.push(resume));
		else inFlight++;
		try {
			return await work();
		} finally {
			const next = waiting.shift();
			if (next) next();
			else inFlight--;
		}
	};
}
