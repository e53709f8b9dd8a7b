import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LEASE_KEY, refreshAcrossTabs } from "../../../client/features/sign-in-state/refresh-across-tabs.ts";
import { type AuthTokens, tokenStore as authStore } from "../../../client/features/sign-in-state/token-store.ts";

/** A Map-backed localStorage (Node has none); the tabs of one browser share it. */
class MemoryStorage {
	private items = new Map<string, string>();
	getItem = (key: string) => this.items.get(key) ?? null;
	setItem = (key: string, value: string) => void this.items.set(key, String(value));
	removeItem = (key: string) => void this.items.delete(key);
}

/** Web Locks reduced to what the refresh uses: one holder at a time, and a wait that can be given up. */
function oneAtATimeLocks() {
	let queue: Promise<unknown> = Promise.resolve();
	const locks = {
		granted: 0,
		request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown> {
			const result = queue.then(() => {
				if (options.signal?.aborted) throw new DOMException("gave up waiting", "AbortError");
				locks.granted++;
				return callback();
			});
			queue = result.catch(() => {});
			return result;
		},
	};
	return locks;
}

/** The server's side of a refresh: it rotates both tokens, and counts the calls. */
function rotatingServer() {
	const presented: string[] = [];
	const refresh = async (refreshToken: string): Promise<AuthTokens> => {
		presented.push(refreshToken);
		await new Promise((resolve) => setTimeout(resolve, 10));
		return { token: `t.${presented.length + 1}`, refreshToken: `r.${presented.length + 1}` };
	};
	return { presented, refresh };
}

describe("refresh across tabs", () => {
	beforeEach(() => {
		Object.assign(globalThis, { localStorage: new MemoryStorage() });
		authStore.set({ token: "t.1", refreshToken: "r.1" });
	});
	afterEach(() => {
		Reflect.deleteProperty(globalThis, "localStorage");
		Reflect.deleteProperty(globalThis, "navigator");
	});

	it("swaps the stored refresh token for a new pair when the stored access token was refused", async () => {
		const server = rotatingServer();
		expect(await refreshAcrossTabs("t.1", server.refresh)).toBe(true);
		expect(server.presented).toEqual(["r.1"]);
		expect(authStore.get()).toEqual({ token: "t.2", refreshToken: "r.2" });
	});

	it("uses the tokens another tab stored since the refused call, without asking the server", async () => {
		const server = rotatingServer();
		authStore.set({ token: "t.2", refreshToken: "r.2" });
		expect(await refreshAcrossTabs("t.1", server.refresh)).toBe(true);
		expect(server.presented).toEqual([]);
		expect(authStore.get()).toEqual({ token: "t.2", refreshToken: "r.2" });
	});

	it("gives up without asking when the user signed out meanwhile", async () => {
		const server = rotatingServer();
		authStore.clear();
		expect(await refreshAcrossTabs("t.1", server.refresh)).toBe(false);
		expect(server.presented).toEqual([]);
	});

	it("keeps the stored tokens when the server refuses the refresh", async () => {
		expect(await refreshAcrossTabs("t.1", () => Promise.reject(new Error("401")))).toBe(false);
		expect(authStore.get()).toEqual({ token: "t.1", refreshToken: "r.1" });
	});

	it("with Web Locks, two tabs refused at once present the refresh token once", async () => {
		const locks = oneAtATimeLocks();
		Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
		const server = rotatingServer();
		const [first, second] = await Promise.all([
			refreshAcrossTabs("t.1", server.refresh),
			refreshAcrossTabs("t.1", server.refresh),
		]);
		expect([first, second]).toEqual([true, true]);
		expect(server.presented).toEqual(["r.1"]);
		expect(authStore.get()).toEqual({ token: "t.2", refreshToken: "r.2" });
		// The second tab took the stored tokens and gave up its place in the queue: the first tab
		// keeps the lock a moment longer, so the new tokens reach every tab before anyone else refreshes.
		expect(locks.granted).toBe(1);
	});

	it("with Web Locks, the tab that refreshed keeps the lock a moment, while the new tokens travel to the other tabs", async () => {
		const locks = oneAtATimeLocks();
		Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
		expect(await refreshAcrossTabs("t.1", rotatingServer().refresh)).toBe(true);
		// A tab whose localStorage does not show the new tokens yet asks for the lock now.
		void locks.request("portico-refresh", {}, async () => {});
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(locks.granted).toBe(1);
	});

	it("with Web Locks, a tab waiting for the lock stops waiting when another tab signs out", async () => {
		const locks = oneAtATimeLocks();
		Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
		let release = () => {};
		const holder = refreshAcrossTabs("t.1", () => new Promise((_resolve, reject) => (release = () => reject())));
		const waiter = refreshAcrossTabs("t.1", rotatingServer().refresh);
		await new Promise((resolve) => setTimeout(resolve, 10));
		release();
		expect(await holder).toBe(false);
		authStore.clear(); // what the refused tab does next
		expect(await waiter).toBe(false);
		expect(locks.granted).toBe(1);
	});

	it("without Web Locks, a lease in localStorage keeps the second tab out: the refresh token is presented once", async () => {
		const server = rotatingServer();
		const [first, second] = await Promise.all([
			refreshAcrossTabs("t.1", server.refresh),
			refreshAcrossTabs("t.1", server.refresh),
		]);
		expect([first, second]).toEqual([true, true]);
		expect(server.presented).toEqual(["r.1"]);
		expect(authStore.get()).toEqual({ token: "t.2", refreshToken: "r.2" });
	});

	it("without Web Locks, a tab finding another tab's lease waits for that tab's tokens", async () => {
		const server = rotatingServer();
		localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: "other-tab", until: Date.now() + 5_000 }));
		const waiting = refreshAcrossTabs("t.1", server.refresh);
		await new Promise((resolve) => setTimeout(resolve, 300));
		authStore.set({ token: "t.9", refreshToken: "r.9" }); // the other tab's new tokens arrive
		expect(await waiting).toBe(true);
		expect(server.presented).toEqual([]);
		expect(authStore.get()).toEqual({ token: "t.9", refreshToken: "r.9" });
	});

	it("without Web Locks, a tab whose claim is overwritten by another tab's steps back", async () => {
		const server = rotatingServer();
		const stepsBack = refreshAcrossTabs("t.1", server.refresh);
		// Another tab claims the lease within the same moment; its write is the one that stays.
		localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: "other-tab", until: Date.now() + 5_000 }));
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(server.presented).toEqual([]);
		authStore.clear(); // that tab's refresh was refused and it signed out
		expect(await stepsBack).toBe(false);
		expect(server.presented).toEqual([]);
	});

	it("without Web Locks, the lease of a tab that went away lapses and the next tab refreshes", async () => {
		const server = rotatingServer();
		localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: "closed-tab", until: Date.now() + 200 }));
		expect(await refreshAcrossTabs("t.1", server.refresh)).toBe(true);
		expect(server.presented).toEqual(["r.1"]);
	});

	it("without Web Locks, the tab that refreshed keeps its lease a moment while the new tokens travel", async () => {
		await refreshAcrossTabs("t.1", rotatingServer().refresh);
		const lease = JSON.parse(localStorage.getItem(LEASE_KEY) ?? "null") as { until: number } | null;
		expect(lease?.until).toBeGreaterThan(Date.now() + 500);
	});
});
