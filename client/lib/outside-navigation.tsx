import { useEffect } from "react";
import { type NavigateFunction, useNavigate } from "react-router-dom";

/**
 * The router's navigation for code outside the React tree (the session sends a signed-out
 * tab to /login): `<Bridge />`, rendered inside the router, hands react-router's navigate
 * over. A navigation asked for before it is mounted happens when it mounts.
 */
export function createOutsideNavigation() {
	let navigate: NavigateFunction | null = null;
	let pending: [to: string, options: { replace: boolean }] | null = null;
	function Bridge() {
		const routerNavigate = useNavigate();
		useEffect(() => {
			navigate = routerNavigate;
			if (pending) {
				void routerNavigate(...pending);
				pending = null;
			}
			return () => {
				navigate = null;
			};
		}, [routerNavigate]);
		return null;
	}
	return {
		// A browser router's location is the page's.
		state: {
			get location() {
				return { pathname: window.location.pathname };
			},
		},
		navigate(to: string, options: { replace: boolean }) {
			if (navigate) void navigate(to, options);
			else pending = [to, options];
		},
		Bridge,
	};
}
