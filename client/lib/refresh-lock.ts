import { type AuthTokens, authStore } from "./auth-store.ts";

/** Every tab of the app queues on this one Web Lock before refreshing. */
const LOCK_NAME = "portico-refresh";

/**
 * How long a tab keeps the lock after storing new tokens. localStorage reaches the other
 * tabs asynchronously (Chromium under load took over 60 ms), and a tab granted the lock
 * before the new tokens arrive would present the rotated refresh token.
 */
const SETTLE_MS = 1_000;

type Refresh = (refreshToken: string) => Promise<AuthTokens>;

/** Whether the store already answers for `refusedToken`: null while it still holds that token. */
function settledByStore(refusedToken: string | undefined): boolean | null {
	const stored = authStore.get();
	if (!stored?.refreshToken) return false; // signed out, here or in another tab
	return stored.token === refusedToken ? null : true; // true: someone stored newer tokens
}

async function replaceRefusedTokens(refusedToken: string | undefined, refresh: Refresh): Promise<boolean> {
	const settled = settledByStore(refusedToken);
	if (settled !== null) return settled;
	try {
		authStore.set(await refresh(authStore.get()?.refreshToken ?? ""));
		return true;
	} catch {
		return false;
	}
}

/**
 * Stores new tokens after the server refused `refusedToken`, one tab at a time. The server
 * rotates the refresh token on every refresh and takes a rotated one, presented again, for a
 * stolen copy: it ends the session everywhere. So when two tabs are refused at once, one
 * refreshes under the lock and the other waits until the new tokens (or a sign-out) show up
 * in its localStorage. Without Web Locks (a page on plain http from an address other than
 * localhost is not a secure context) each tab refreshes on its own, as before.
 * Resolves to whether usable tokens are stored.
 */
export function refreshAcrossTabs(refusedToken: string | undefined, refresh: Refresh): Promise<boolean> {
	const locks = globalThis.navigator?.locks;
	const settled = settledByStore(refusedToken);
	if (!locks || settled !== null) return replaceRefusedTokens(refusedToken, refresh);
	// Whichever comes first answers: the lock, or new tokens (or a sign-out) from another tab.
	return new Promise((resolve) => {
		const waiting = new AbortController();
		const unsubscribe = authStore.subscribe(() => {
			const answer = settledByStore(refusedToken);
			if (answer === null) return;
			unsubscribe();
			waiting.abort();
			resolve(answer);
		});
		locks
			.request(LOCK_NAME, { signal: waiting.signal }, async () => {
				unsubscribe();
				resolve(await replaceRefusedTokens(refusedToken, refresh));
				await new Promise((done) => setTimeout(done, SETTLE_MS));
			})
			.catch(() => {
				// Aborted: the answer came through the store.
			});
	});
}
