import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authFailureAction } from "../../client/lib/auth-policy.ts";
import { AUTH_STORAGE_KEY, authStore, parseAuthTokens } from "../../client/lib/auth-store.ts";

/** A Map-backed localStorage: Node has none, and the store must work against the real API shape. */
class MemoryStorage {
	private items = new Map<string, string>();
	getItem = (key: string) => this.items.get(key) ?? null;
	setItem = (key: string, value: string) => void this.items.set(key, String(value));
	removeItem = (key: string) => void this.items.delete(key);
	clear = () => this.items.clear();
}

describe("auth store", () => {
	beforeEach(() => {
		Object.assign(globalThis, { localStorage: new MemoryStorage() });
	});
	afterEach(() => {
		Reflect.deleteProperty(globalThis, "localStorage");
	});

	it("keeps only {token, refreshToken} under auth-storage", () => {
		authStore.set({ token: "a.b", refreshToken: "c.d" });
		expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "")).toEqual({ token: "a.b", refreshToken: "c.d" });
		expect(authStore.get()).toEqual({ token: "a.b", refreshToken: "c.d" });
	});

	it("returns the same object while storage is unchanged (useSyncExternalStore needs it)", () => {
		authStore.set({ token: "a.b", refreshToken: "c.d" });
		expect(authStore.get()).toBe(authStore.get());
	});

	it("clear empties the store and tells subscribers", () => {
		let calls = 0;
		const stop = authStore.subscribe(() => calls++);
		authStore.set({ token: "a.b", refreshToken: "c.d" });
		authStore.clear();
		stop();
		authStore.set({ token: "x.y", refreshToken: "" });
		expect(calls).toBe(2);
		authStore.clear();
		expect(authStore.get()).toBeNull();
		expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
	});

	it("sees a value written by someone else (another tab, a test)", () => {
		localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: "t.1", refreshToken: "r.1" }));
		expect(authStore.get()?.token).toBe("t.1");
	});

	it.each([
		["not JSON", "{oops"],
		["null", "null"],
		["an array", "[]"],
		["no token", JSON.stringify({ refreshToken: "r" })],
		["an empty token", JSON.stringify({ token: "", refreshToken: "r" })],
		["a number token", JSON.stringify({ token: 5, refreshToken: "r" })],
	])("ignores %s", (_label, raw) => {
		expect(parseAuthTokens(raw)).toBeNull();
	});

	it("accepts a token without a refresh token (nothing to refresh with)", () => {
		expect(parseAuthTokens(JSON.stringify({ token: "t" }))).toEqual({ token: "t", refreshToken: "" });
	});
});

describe("what a failed call does to the session", () => {
	const call = (overrides: Partial<Parameters<typeof authFailureAction>[0]>) =>
		authFailureAction({
			path: "users.me",
			status: 401,
			reason: "INVALID_CREDENTIALS",
			retried: false,
			hasRefreshToken: true,
			...overrides,
		});

	it("a first 401 with a refresh token refreshes", () => {
		expect(call({})).toBe("refresh");
	});

	it("a 401 after the retry logs out (one refresh only)", () => {
		expect(call({ retried: true })).toBe("logout");
	});

	it("a 401 without a refresh token logs out", () => {
		expect(call({ hasRefreshToken: false })).toBe("logout");
	});

	it("a 403 logs out", () => {
		expect(call({ status: 403, reason: "FORBIDDEN" })).toBe("logout");
		expect(call({ status: 403, reason: null })).toBe("logout");
	});

	it("a 403 that is a business rule (an admin deleting themself) is shown, not a logout", () => {
		for (const reason of ["SUPERUSER_SELF_DELETE", "SELF_DEMOTE", "LAST_SUPERUSER"])
			expect(call({ path: "admin.delete", status: 403, reason })).toBe("none");
	});

	it("login, signup, refresh, logout, recovery and reset failures never end the session", () => {
		for (const path of [
			"auth.login",
			"auth.signup",
			"auth.refresh",
			"auth.logout",
			"auth.recoverPassword",
			"auth.resetPassword",
		]) {
			expect(call({ path })).toBe("none");
			expect(call({ path, status: 403 })).toBe("none");
		}
	});

	it("other errors are left to the screen", () => {
		for (const status of [400, 404, 409, 422, 429, 500, undefined]) expect(call({ status })).toBe("none");
	});
});
