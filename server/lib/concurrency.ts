/**
 * A limiter letting at most `max` tasks run at once, and at most `perKey` of them for
 * any one key (an account, a request): one caller cannot take every slot while others
 * wait. Waiting tasks start in arrival order among those whose keys have room.
 */
export function limitConcurrency(max: number, perKey = max) {
	let inFlight = 0;
	const runningPerKey = new Map<string, number>();
	const waiting: Array<{ keys: string[]; start: () => void }> = [];

	const hasRoom = (keys: string[]) => inFlight < max && keys.every((key) => (runningPerKey.get(key) ?? 0) < perKey);
	const claim = (keys: string[], delta: 1 | -1) => {
		inFlight += delta;
		for (const key of keys) {
			const count = (runningPerKey.get(key) ?? 0) + delta;
			if (count === 0) runningPerKey.delete(key);
			else runningPerKey.set(key, count);
		}
	};
	// A freed slot goes to the longest waiter that may take it.
	const startWaiters = () => {
		for (let index = 0; index < waiting.length && inFlight < max; ) {
			const waiter = waiting[index] as (typeof waiting)[number];
			if (!hasRoom(waiter.keys)) {
				index++;
				continue;
			}
			waiting.splice(index, 1);
			claim(waiter.keys, 1);
			waiter.start();
		}
	};

	return async function run<T>(work: () => Promise<T>, keys: string[] = []): Promise<T> {
		// Whenever a slot is free, every waiter left is held back by its keys: a newcomer with room may go first.
		if (hasRoom(keys)) claim(keys, 1);
		else await new Promise<void>((start) => waiting.push({ keys, start }));
		try {
			return await work();
		} finally {
			claim(keys, -1);
			startWaiters();
		}
	};
}
