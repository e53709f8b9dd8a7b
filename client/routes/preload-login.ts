/**
 * Starts loading the login screen's code, for a form that goes there once its request
 * succeeds (sign-up, password reset): called beside the request, so that the login screen
 * shows the moment the request is done instead of one round trip later, a while in which
 * the finished form would still be on screen under /login.
 */
export function preloadLoginScreen(): void {
	void import("./login.tsx");
}
