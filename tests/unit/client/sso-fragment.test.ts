import { describe, expect, it } from "vitest";
import { NETWORK_FAILURE } from "../../../client/features/sign-in-providers/handoff-api.ts";
import { providerStartUrl } from "../../../client/features/sign-in-providers/providers-api.ts";
import { providerRefusalText } from "../../../client/features/sign-in-providers/refusal-text.ts";
import { readSsoFragment, safeReturnPath } from "../../../client/features/sign-in-providers/sso-fragment.ts";
import { loadAllLocales } from "../../../shared/i18n/i18n-util.sync.ts";
import { i18nObject } from "../../../shared/i18n/i18n-util.ts";

loadAllLocales();

describe("the /login/sso fragment", () => {
	it("a sign-in's hand-off code, with where to go after it", () => {
		expect(readSsoFragment("#handoff=abc&return_to=%2Fsettings%3Ftab%3Dsecurity")).toEqual({
			kind: "handoff",
			handoff: "abc",
			returnTo: "/settings?tab=security",
		});
		expect(readSsoFragment("#handoff=abc")).toEqual({ kind: "handoff", handoff: "abc", returnTo: "/" });
	});

	it("a link and a re-authentication done", () => {
		expect(readSsoFragment("#linked=company&return_to=%2Fsettings")).toEqual({
			kind: "linked",
			provider: "company",
			returnTo: "/settings",
		});
		expect(readSsoFragment("reauthenticated=1&return_to=/admin")).toEqual({
			kind: "reauthenticated",
			returnTo: "/admin",
		});
	});

	it("a refusal wins over anything else in the fragment; a reason not shaped like one is no reason", () => {
		expect(readSsoFragment("#error=IDENTITY_NOT_LINKED&handoff=abc")).toEqual({
			kind: "refused",
			reason: "IDENTITY_NOT_LINKED",
			returnTo: null,
		});
		expect(readSsoFragment("#error=%3Cb%3Ehi&return_to=%2Fsettings")).toEqual({
			kind: "refused",
			reason: "",
			returnTo: "/settings",
		});
	});

	it("nothing it knows: empty", () => {
		expect(readSsoFragment("")).toEqual({ kind: "empty" });
		expect(readSsoFragment("#reauthenticated=0")).toEqual({ kind: "empty" });
	});

	it("a return path on this site only: never another host, a scheme, a backslash or a control character", () => {
		for (const path of ["/", "/settings?tab=security", "/admin/audit#x"]) expect(safeReturnPath(path)).toBe(path);
		for (const bad of [
			"https://evil.example/",
			"//evil.example/",
			"/\\evil.example",
			"/a\\b",
			"javascript:alert(1)",
			"settings",
			"/a\nb",
			"/a\tb",
			"",
			null,
			`/${"a".repeat(600)}`,
		])
			expect(safeReturnPath(bad), String(bad)).toBeNull();
		expect(readSsoFragment("#handoff=abc&return_to=%2F%2Fevil.example")).toMatchObject({ returnTo: "/" });
		expect(readSsoFragment("#linked=company&return_to=https%3A%2F%2Fevil.example")).toMatchObject({ returnTo: "/" });
	});
});

describe("the provider's button", () => {
	it("goes to the start route with the return path as a query value", () => {
		expect(providerStartUrl("company", "/settings?tab=security")).toBe(
			"/api/v1/login/oidc/company?return_to=%2Fsettings%3Ftab%3Dsecurity",
		);
	});
});

describe("refusals in plain words", () => {
	it("each worded reason in en, ar and fr; any other reads as 'did not complete'; a lost connection as such", () => {
		for (const locale of ["en", "ar", "fr"] as const) {
			const LL = i18nObject(locale);
			const generic = LL.signInMethods.sso.reasons.generic();
			for (const reason of ["IDENTITY_NOT_LINKED", "DOMAIN_NOT_ALLOWED", "PROVIDER_UNAVAILABLE", "INACTIVE_USER"]) {
				const text = providerRefusalText(reason, LL);
				expect(text, `${locale} ${reason}`).not.toBe(generic);
				expect(text.length).toBeGreaterThan(10);
			}
			expect(providerRefusalText("PROVIDER_SIGN_IN_FAILED", LL)).toBe(generic);
			expect(providerRefusalText("", LL)).toBe(generic);
			expect(providerRefusalText("constructor", LL)).toBe(generic);
			expect(providerRefusalText(NETWORK_FAILURE, LL)).toBe(LL.api.networkError());
		}
		expect(providerRefusalText("IDENTITY_NOT_LINKED", i18nObject("en"))).toContain(
			"link it in Settings, under Security",
		);
	});
});
