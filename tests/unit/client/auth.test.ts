import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { failureAction, PUBLIC_PROCEDURES } from "../../../client/api/failure-policy.ts";
import type { ProcedurePath } from "../../../client/api/procedure-paths.ts";
import {
	AUTH_STORAGE_KEY,
	tokenStore as authStore,
	parseAuthTokens,
} from "../../../client/features/sign-in-state/token-store.ts";
import { appRouter } from "../../../server/trpc/router.ts";
import { ruleRefusals } from "../../../shared/errors.ts";
import { PROCEDURE_GATES } from "../../helpers/trpc-gates.ts";

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
	const call = (overrides: Partial<Parameters<typeof failureAction>[0]>) =>
		failureAction({
			path: "users.me",
			status: 401,
			reason: "INVALID_CREDENTIALS",
			refreshed: false,
			reauthenticated: false,
			hasRefreshToken: true,
			...overrides,
		});

	/** Every procedure of the server's router, by the path the client's link sees. */
	const routerPaths = Object.keys(appRouter._def.procedures) as ProcedurePath[];
	/**
	 * Calls that need a session but whose failure the client still leaves to the screen: a
	 * logout ends the session anyway, and a wrong password in the identity confirmation is
	 * the user's to retype, not a reason to log them out.
	 */
	const SESSION_CALLS_LEFT_TO_THE_SCREEN: ProcedurePath[] = ["auth.logout", "auth.reauthenticate"];
	/** The server's word (its gates, held to the server by the tRPC matrix test), not the client's list. */
	const gateOf = (path: ProcedurePath) => PROCEDURE_GATES[path];
	const serverPublicPaths = routerPaths.filter((path) => gateOf(path) === "public");
	const sessionPaths = routerPaths.filter(
		(path) => gateOf(path) !== "public" && !SESSION_CALLS_LEFT_TO_THE_SCREEN.includes(path),
	);

	it("a first 401 with a refresh token refreshes", () => {
		expect(call({})).toBe("refresh");
	});

	it("a 401 after the retry ends the session (one refresh only)", () => {
		expect(call({ refreshed: true })).toBe("end-session");
	});

	it("a 401 without a refresh token ends the session", () => {
		expect(call({ hasRefreshToken: false })).toBe("end-session");
	});

	it("a 403 ends the session", () => {
		expect(call({ status: 403, reason: "FORBIDDEN" })).toBe("end-session");
		expect(call({ status: 403, reason: null })).toBe("end-session");
	});

	it("a 403 that is a business rule (an admin deleting themself) is shown, not a logout", () => {
		for (const reason of ["SUPERUSER_SELF_DELETE", "SELF_DEMOTE", "LAST_SUPERUSER", "SIGNUP_DISABLED"])
			expect(call({ path: "admin.delete", status: 403, reason })).toBe("none");
		for (const reason of ruleRefusals) expect(call({ status: 403, reason })).not.toBe("end-session");
	});

	it("a 403 asking for a fresh proof of identity opens the confirmation once per call, never a logout", () => {
		expect(call({ path: "users.updateMe", status: 403, reason: "REAUTH_REQUIRED" })).toBe("reauthenticate");
		expect(call({ path: null, status: 403, reason: "REAUTH_REQUIRED" })).toBe("reauthenticate");
		expect(call({ path: "users.updateMe", status: 403, reason: "REAUTH_REQUIRED", reauthenticated: true })).toBe(
			"none",
		);
	});

	it("a REST call (an upload) follows the same rules", () => {
		expect(call({ path: null })).toBe("refresh");
		expect(call({ path: null, refreshed: true })).toBe("end-session");
		expect(call({ path: null, status: 403, reason: "FORBIDDEN" })).toBe("end-session");
	});

	it("the public procedures are procedures of the server's router", () => {
		for (const path of PUBLIC_PROCEDURES) expect(routerPaths).toContain(path);
		expect(PUBLIC_PROCEDURES).toContain("auth.reauthenticate");
	});

	it("the public procedures are exactly the server's public ones, plus the session calls left to the screen", () => {
		expect(serverPublicPaths.length).toBeGreaterThan(3);
		expect([...PUBLIC_PROCEDURES].sort()).toEqual([...serverPublicPaths, ...SESSION_CALLS_LEFT_TO_THE_SCREEN].sort());
		for (const path of SESSION_CALLS_LEFT_TO_THE_SCREEN) expect(gateOf(path), path).toBe("user");
	});

	it("a public procedure's failure never refreshes and never ends the session", () => {
		for (const path of [...serverPublicPaths, ...SESSION_CALLS_LEFT_TO_THE_SCREEN]) {
			expect(call({ path })).toBe("none");
			expect(call({ path, status: 403, reason: "FORBIDDEN" })).toBe("none");
			expect(call({ path, status: 403, reason: "REAUTH_REQUIRED" })).toBe("none");
		}
	});

	it("every other procedure of the router is under the session rules", () => {
		expect(sessionPaths.length).toBeGreaterThan(10);
		for (const path of sessionPaths) {
			expect(call({ path }), path).toBe("refresh");
			expect(call({ path, status: 403, reason: "FORBIDDEN" }), path).toBe("end-session");
		}
	});

	it("other errors are left to the screen", () => {
		for (const status of [400, 404, 409, 422, 429, 500, undefined]) expect(call({ status })).toBe("none");
	});
});
