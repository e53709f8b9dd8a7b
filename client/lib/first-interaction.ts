/**
 * Runs `task` once, at the visitor's first interaction with the page (a focus, a tap, a
 * key): when what no first screen shows (zod, the toaster) starts to load, so it is there
 * by the time a field is left or a form sent, yet never weighs on a page only looked at.
 * Returns a function that cancels it.
 */
export function onFirstInteraction(task: () => void): () => void {
	const events = ["focusin", "pointerdown", "keydown"] as const;
	const stop = () => {
		for (const event of events) document.removeEventListener(event, run, true);
	};
	function run() {
		stop();
		task();
	}
	for (const event of events) document.addEventListener(event, run, true);
	return stop;
}
