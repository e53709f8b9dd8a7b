import { describe, expect, it } from "vitest";
import { passwordStateOf } from "../../../client/features/sign-in-providers/password-state.ts";
import { reauthMethodsFor } from "../../../client/features/sign-in-state/reauth/reauth-method.ts";

const ways = (password: boolean, password_enforced_by: string | null = null, identities: unknown[] = []) => ({
	password,
	password_enforced_by,
	identities,
});

describe("the proofs the re-authentication dialog offers", () => {
	it("the password first, then a code, a passkey and a provider, each when the user has it", () => {
		expect(reauthMethodsFor({ ways: ways(true) })).toEqual(["password"]);
		expect(
			reauthMethodsFor({ ways: ways(true, null, [{}]), twoFactor: { enabled: true }, passkeys: { count: 2 } }),
		).toEqual(["password", "code", "passkey", "provider"]);
	});

	it("no password tab without a password, nor when the domain's provider turned it off", () => {
		expect(reauthMethodsFor({ ways: ways(false, null, [{}]) })).toEqual(["provider"]);
		expect(reauthMethodsFor({ ways: ways(true, "Company", [{}]), passkeys: { count: 1 } })).toEqual([
			"passkey",
			"provider",
		]);
	});

	it("while the account's ways are loading, the password shows (most accounts have one)", () => {
		expect(reauthMethodsFor({})).toEqual(["password"]);
	});
});

describe("the password's state in Settings", () => {
	it("set, not set, or turned off by the provider whether set or not", () => {
		expect(passwordStateOf(ways(true))).toEqual({ kind: "set" });
		expect(passwordStateOf(ways(false))).toEqual({ kind: "not_set" });
		expect(passwordStateOf(ways(true, "Company"))).toEqual({ kind: "enforced", by: "Company" });
		expect(passwordStateOf(ways(false, "Company"))).toEqual({ kind: "enforced", by: "Company" });
	});
});
