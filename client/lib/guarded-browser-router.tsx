import {
	createContext,
	type ReactNode,
	startTransition,
	useContext,
	useEffect,
	useLayoutEffect,
	useState,
	useSyncExternalStore,
} from "react";
import { type Location, type Navigator, type Path, Router, UNSAFE_createBrowserHistory } from "react-router-dom";

/** Whether leaving `from` for `to` must wait for the user's answer. */
export type LeaveGuard = (from: Path, to: Path) => boolean;

/** react-router's Blocker, the part our screens use. */
export type NavigationBlocker =
	| { state: "unblocked"; proceed?: undefined; reset?: undefined }
	| { state: "blocked"; proceed: () => void; reset: () => void };

const UNBLOCKED: NavigationBlocker = { state: "unblocked" };

/**
 * A browser history that can hold a navigation back while a guard says so: the app's own
 * navigations (links, navigate) wait before they happen; the browser's Back and Forward,
 * which have already happened when we hear of them, are undone and redone on `proceed`.
 * react-router's own useBlocker needs its data router, which costs every first screen
 * 17 KB gzipped (docs/decisions/022).
 */
function createGuardedHistory() {
	const history = UNSAFE_createBrowserHistory({ v5Compat: true });
	let guard: LeaveGuard | null = null;
	let blocker = UNBLOCKED;
	const watchers = new Set<() => void>();
	// Our own history.go calls (undoing a Back, redoing it on proceed) must not be judged again.
	let ownPops = 0;
	let shown: Path = history.location;

	const setBlocker = (next: NavigationBlocker) => {
		blocker = next;
		for (const watch of watchers) watch();
	};
	const hold = (go: () => void) =>
		setBlocker({
			state: "blocked",
			proceed: () => {
				setBlocker(UNBLOCKED);
				go();
			},
			reset: () => setBlocker(UNBLOCKED),
		});
	const heldBack = (to: Path) => guard?.(shown, to) === true;

	const navigator: Navigator = {
		createHref: history.createHref,
		encodeLocation: history.encodeLocation,
		go: history.go,
		push(to, state) {
			if (heldBack(history.encodeLocation(to))) hold(() => history.push(to, state));
			else history.push(to, state);
		},
		replace(to, state) {
			if (heldBack(history.encodeLocation(to))) hold(() => history.replace(to, state));
			else history.replace(to, state);
		},
	};

	return {
		navigator,
		get location() {
			return history.location;
		},
		get action() {
			return history.action;
		},
		/** Calls `show` with each location the app must draw; a held-back Back never reaches it. */
		listen(show: (update: { action: typeof history.action; location: Location }) => void) {
			return history.listen(({ action, location, delta }) => {
				if (action === "POP" && ownPops > 0) {
					ownPops--;
					if (blocker.state === "blocked") return;
				} else if (action === "POP" && delta && heldBack(location)) {
					ownPops++;
					history.go(-delta);
					hold(() => {
						ownPops++;
						history.go(delta);
					});
					return;
				}
				shown = location;
				show({ action, location });
			});
		},
		setGuard(next: LeaveGuard | null) {
			guard = next;
			if (!next && blocker.state === "blocked") setBlocker(UNBLOCKED);
		},
		blocker: {
			subscribe(watch: () => void) {
				watchers.add(watch);
				return () => watchers.delete(watch);
			},
			get: () => blocker,
		},
	};
}

type GuardedHistory = ReturnType<typeof createGuardedHistory>;
const GuardedHistoryContext = createContext<GuardedHistory | null>(null);

/** BrowserRouter, plus a way for a page to hold navigations back (useNavigationBlocker). */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
	const [history] = useState(createGuardedHistory);
	const [state, setState] = useState({ action: history.action, location: history.location });
	// Navigations are transitions, as in BrowserRouter: the current screen stays until the next one has loaded.
	useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
	return (
		<GuardedHistoryContext.Provider value={history}>
			<Router location={state.location} navigationType={state.action} navigator={history.navigator}>
				{children}
			</Router>
		</GuardedHistoryContext.Provider>
	);
}

/** While `guard` is set, navigations it names wait for the returned blocker's `proceed` or `reset`. */
export function useNavigationBlocker(guard: LeaveGuard | null): NavigationBlocker {
	const history = useContext(GuardedHistoryContext);
	if (!history) throw new Error("useNavigationBlocker needs a GuardedBrowserRouter");
	useEffect(() => {
		history.setGuard(guard);
		return () => history.setGuard(null);
	}, [history, guard]);
	return useSyncExternalStore(history.blocker.subscribe, history.blocker.get, () => UNBLOCKED);
}
