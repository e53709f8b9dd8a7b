/**
 * "The first screen is up and the browser has nothing else to do": when what no first
 * screen needs (the other two languages, the toaster) may load, so that it never competes
 * with the first load on a slow link.
 */

/** What we read of react-router's data router. */
type RouterLike = {
	state: { initialized: boolean; navigation: { state: string } };
	subscribe: (listener: (state: RouterLike["state"]) => void) => () => void;
};

let markShown: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => {
	markShown = resolve;
});

/** Resolves the first screen once the router has loaded its route and has no navigation under way. */
export function watchFirstScreen(router: RouterLike): void {
	const settled = (state: RouterLike["state"]) => state.initialized && state.navigation.state === "idle";
	if (settled(router.state)) {
		markShown();
		return;
	}
	const stop = router.subscribe((state) => {
		if (!settled(state)) return;
		stop();
		markShown();
	});
}

/** Runs `task` after the first screen has been painted, when the main thread is idle. */
export function afterFirstScreen(task: () => void): void {
	void firstScreen.then(() =>
		requestAnimationFrame(() => {
			if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: 3000 });
			else setTimeout(task, 200);
		}),
	);
}
