import type { SignInMethods } from "../../../shared/schemas/identities.ts";

/**
 * What Settings says of the account's password: set, not set (the account signs in another
 * way), or turned off by the domain's provider (`OIDC_<ID>_ENFORCE`), set or not.
 */
export type PasswordState = { kind: "set" } | { kind: "not_set" } | { kind: "enforced"; by: string };

export function passwordStateOf(methods: Pick<SignInMethods, "password" | "password_enforced_by">): PasswordState {
	if (methods.password_enforced_by) return { kind: "enforced", by: methods.password_enforced_by };
	return { kind: methods.password ? "set" : "not_set" };
}
