import { type AuthTokens, tokenStore } from "./token-store.ts";

/** Every tab of the app queues on this one Web Lock before refreshing. */
const LOCK_NAME = "portico-refresh";

/**
 * How long a tab keeps the lock (or the lease) after storing new tokens. localStorage reaches
 * the other tabs asynchronously (Chromium under load took over 60 ms), and a tab that went
 * ahead before the new tokens arrive would present the rotated refresh token.
 */
const SETTLE_MS = 1_000;

/** Without Web Locks: the localStorage key of the tab refreshing now, `{owner, until}`. */
export const LEASE_KEY = "portico-refresh-lease";
/** Longer than a refresh takes; a tab closed mid-refresh keeps the others waiting this long at most. */
const LEASE_MS = 10_000;
/**
 * How long a tab waits after writing its lease before trusting it: another tab may have
 * written its own at the same moment, and the last write is the one every tab ends up reading.
 */
const CLAIM_MS = 150;

type Refresh = (refreshToken: string) => Promise<AuthTokens>;

/** Whether the store already answers for `refusedToken`: null while it still holds that token. */
function settledByStore(refusedToken: string | undefined): boolean | null {
	const stored = tokenStore.get();
	if (!stored?.refreshToken) return false; // signed out, here or in another tab
	return stored.token === refusedToken ? null : true; // true: someone stored newer tokens
}

async function replaceRefusedTokens(refusedToken: string | undefined, refresh: Refresh): Promise<boolean> {
	const settled = settledByStore(refusedToken);
	if (settled !== null) return settled;
	try {
		tokenStore.set(await refresh(tokenStore.get()?.refreshToken ?? ""));
		return true;
	} catch {
		return false;
	}
}

/**
 * Stores new tokens after the server refused `refusedToken`, one tab at a time. The server
 * rotates the refresh token on every refresh and takes a rotated one, presented again, for a
 * stolen copy: it ends the session everywhere. So when two tabs are refused at once, one
 * refreshes and the other waits until the new tokens (or a sign-out) show up in its
 * localStorage. The tabs queue on a Web Lock; where there is none (a page on plain http from
 * an address other than localhost is not a secure context), on a lease in localStorage.
 * Resolves to whether usable tokens are stored.
 */
export function refreshAcrossTabs(refusedToken: string | undefined, refresh: Refresh): Promise<boolean> {
	const locks = globalThis.navigator?.locks;
	if (settledByStore(refusedToken) !== null) return replaceRefusedTokens(refusedToken, refresh);
	if (!locks) return refreshUnderLease(refusedToken, refresh);
	// Whichever comes first answers: the lock, or new tokens (or a sign-out) from another tab.
	return new Promise((resolve) => {
		const waiting = new AbortController();
		const unsubscribe = tokenStore.subscribe(() => {
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
				await sleep(SETTLE_MS);
			})
			.catch(() => {
				// Aborted: the answer came through the store.
			});
	});
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

type Lease = { owner: string; until: number };

function readLease(): Lease | null {
	try {
		const value: unknown = JSON.parse(localStorage.getItem(LEASE_KEY) ?? "null");
		if (typeof value !== "object" || value === null) return null;
		const { owner, until } = value as Record<string, unknown>;
		return typeof owner === "string" && typeof until === "number" ? { owner, until } : null;
	} catch {
		return null;
	}
}

function writeLease(lease: Lease): boolean {
	try {
		localStorage.setItem(LEASE_KEY, JSON.stringify(lease));
		return true;
	} catch {
		return false;
	}
}

/** The store's answer for `refusedToken` as soon as it has one, or null after `ms`. */
function storeAnswerWithin(refusedToken: string | undefined, ms: number): Promise<boolean | null> {
	return new Promise((resolve) => {
		const finish = (answer: boolean | null) => {
			clearTimeout(timer);
			unsubscribe();
			resolve(answer);
		};
		const timer = setTimeout(() => finish(null), Math.max(ms, 0));
		const unsubscribe = tokenStore.subscribe(() => {
			const answer = settledByStore(refusedToken);
			if (answer !== null) finish(answer);
		});
	});
}

/**
 * The Web Lock's stand-in: the tab whose lease stands refreshes, the others wait for its new
 * tokens (storage events) or for its lease to lapse. localStorage cannot compare-and-set,
 * so this narrows the race to tabs refused within CLAIM_MS of each other rather than closing it.
 */
async function refreshUnderLease(refusedToken: string | undefined, refresh: Refresh): Promise<boolean> {
	const me = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
	for (;;) {
		const settled = settledByStore(refusedToken);
		if (settled !== null) return settled;
		const lease = readLease();
		if (lease && lease.owner !== me && lease.until > Date.now()) {
			const answer = await storeAnswerWithin(refusedToken, lease.until - Date.now());
			if (answer !== null) return answer;
			continue;
		}
		// Storage refused (private mode, quota): nothing to coordinate on, go ahead alone.
		if (!writeLease({ owner: me, until: Date.now() + LEASE_MS })) return replaceRefusedTokens(refusedToken, refresh);
		await sleep(CLAIM_MS);
		if (readLease()?.owner !== me) continue;
		try {
			return await replaceRefusedTokens(refusedToken, refresh);
		} finally {
			writeLease({ owner: me, until: Date.now() + SETTLE_MS });
		}
	}
}
