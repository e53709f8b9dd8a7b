import { useEffect } from "react";
import { type LeaveGuard, useNavigationBlocker } from "../lib/guarded-browser-router.tsx";

/** Another page or another ?tab=: what the unsaved edits would not survive. The login screen is never held back (a session that ended must get there). */
const leavesPage: LeaveGuard = (from, to) =>
	to.pathname !== "/login" && (from.pathname !== to.pathname || from.search !== to.search);

/**
 * While `dirty`, holds back every way out of the page: the app's links and tabs and the
 * browser's Back (the returned blocker: `proceed` or `reset` it), and a reload or closed tab
 * (the browser's own question).
 */
export function useLeaveGuard(dirty: boolean) {
	const blocker = useNavigationBlocker(dirty ? leavesPage : null);

	useEffect(() => {
		if (!dirty) return;
		const ask = (event: BeforeUnloadEvent) => {
			event.preventDefault();
			// Older browsers ask only when returnValue is set.
			event.returnValue = "";
		};
		window.addEventListener("beforeunload", ask);
		return () => window.removeEventListener("beforeunload", ask);
	}, [dirty]);

	return blocker;
}
