import { describe, expect, it } from "vitest";
import { retryAfterOf } from "../../../client/api/rest-errors.ts";
import { detectLocale, directionOf, toLocale } from "../../../client/i18n/detect.ts";
import { authErrorText, mutationErrorText, restDetailText } from "../../../client/lib/error-text.ts";
import { parsePageParam } from "../../../client/lib/page-param.ts";
import { pageTitle } from "../../../client/lib/page-title.ts";
import { isThemeMode, resolveAppearance } from "../../../client/lib/theme.ts";
import { errorMessages } from "../../../client/lib/validation.ts";
import { errorTexts } from "../../../shared/errors.ts";
import type { Locales } from "../../../shared/i18n/i18n-types.ts";
import { loadAllLocales } from "../../../shared/i18n/i18n-util.sync.ts";
import { i18nObject } from "../../../shared/i18n/i18n-util.ts";
import { validationMessages } from "../../../shared/schemas/messages.ts";

loadAllLocales();
const en = i18nObject("en");
const fr = i18nObject("fr");

describe("mutation error text (other mutations)", () => {
	it("shows the first validation issue, translated", () => {
		const error = {
			message: "[...]",
			data: { issues: [{ path: ["email"], message: "emailInvalid" }, { message: "x" }] },
		};
		expect(mutationErrorText(error, en)).toBe("Invalid email address");
		expect(mutationErrorText(error, fr)).toBe("Adresse e-mail invalide");
	});

	it("translates a known reason", () => {
		const error = { message: "Incorrect password", data: { reason: "INCORRECT_PASSWORD", issues: null } };
		expect(mutationErrorText(error, en)).toBe("Incorrect password");
		expect(mutationErrorText(error, fr)).toBe("Mot de passe incorrect");
	});

	it("falls back to the message, then to 'Something went wrong.'", () => {
		expect(mutationErrorText({ message: "Boom", data: { reason: null } }, en)).toBe("Boom");
		expect(mutationErrorText({ message: "", data: {} }, en)).toBe("Something went wrong.");
		expect(mutationErrorText(null, en)).toBe("Something went wrong.");
		expect(mutationErrorText("nope", en)).toBe("Something went wrong.");
	});

	it("names a network failure as such", () => {
		expect(mutationErrorText(new TypeError("Failed to fetch"), en)).toBe("Network error, please check your connection");
	});
});

describe("auth error text (signup and login)", () => {
	it("shows the detail, translated by reason", () => {
		const error = { message: errorTexts.INCORRECT_LOGIN, data: { reason: "INCORRECT_LOGIN" } };
		expect(authErrorText(error, en)).toBe("Incorrect email or password");
	});

	it("says 'An error occurred' when there is no text", () => {
		expect(authErrorText({ data: {} }, en)).toBe("An error occurred");
		expect(authErrorText(undefined, en)).toBe("An error occurred");
	});

	it("an inactive account's login adds whom to ask", () => {
		const error = { message: errorTexts.INACTIVE_USER, data: { reason: "INACTIVE_USER" } };
		expect(authErrorText(error, en)).toBe("Inactive user. Contact an administrator.");
		expect(authErrorText(error, fr)).toBe(`${fr.api.reasons.INACTIVE_USER()}. Contactez un administrateur.`);
	});
});

describe("the wait a refusal gives (Retry-After)", () => {
	const limited = (retryAfter: unknown) => ({
		message: errorTexts.RATE_LIMITED,
		data: { reason: "RATE_LIMITED", retryAfter },
	});
	const ar = i18nObject("ar");

	it("keeps the product's text and adds the wait, in the UI language", () => {
		expect(authErrorText(limited(12), en)).toBe(
			"Rate limit exceeded, please try again later. Try again in 12 seconds.",
		);
		// French sets a no-break space between the number and its unit.
		expect(mutationErrorText(limited(12), fr)).toBe(
			`${fr.api.reasons.RATE_LIMITED()}. Réessayez dans 12\u00a0secondes.`,
		);
		// Arabic keeps Latin digits, like its number fields.
		expect(mutationErrorText(limited(12), ar)).toMatch(/12\s+ثانية/);
	});

	it("says minutes and hours when the wait is long, rounded up", () => {
		expect(mutationErrorText(limited(90), en)).toMatch(/Try again in 2 minutes\.$/);
		expect(mutationErrorText(limited(3601), en)).toMatch(/Try again in 2 hours\.$/);
	});

	it("adds nothing without a wait", () => {
		expect(mutationErrorText(limited(null), en)).toBe(errorTexts.RATE_LIMITED);
		expect(mutationErrorText(limited(undefined), en)).toBe(errorTexts.RATE_LIMITED);
	});

	it("a REST answer's Retry-After reaches the text too (a busy upload queue)", () => {
		expect(restDetailText(errorTexts.UPLOADS_BUSY, en, 5)).toBe(`${errorTexts.UPLOADS_BUSY}. Try again in 5 seconds.`);
		expect(restDetailText(errorTexts.UPLOADS_BUSY, en, null)).toBe(errorTexts.UPLOADS_BUSY);
		const answer = new Response("{}", { status: 503, headers: { "retry-after": "5" } });
		expect(retryAfterOf(answer)).toBe(5);
		expect(retryAfterOf(new Response("{}", { status: 400 }))).toBeNull();
	});
});

describe("dictionaries", () => {
	it("every error reason and validation key has a text in every language", () => {
		for (const locale of ["en", "ar", "fr"] as Locales[]) {
			const LL = i18nObject(locale);
			for (const reason of Object.keys(errorTexts) as (keyof typeof errorTexts)[])
				expect(LL.api.reasons[reason]().length, `${locale} ${reason}`).toBeGreaterThan(0);
			for (const key of Object.keys(validationMessages) as (keyof typeof validationMessages)[])
				expect(LL.validation[key]().length, `${locale} ${key}`).toBeGreaterThan(0);
		}
	});

	it("ar and fr are translations, not English copies", () => {
		for (const locale of ["ar", "fr"] as Locales[]) {
			const LL = i18nObject(locale);
			expect(LL.auth.loggedIn()).not.toBe(en.auth.loggedIn());
			expect(LL.common.notFoundText()).not.toBe(en.common.notFoundText());
			expect(LL.validation.passwordsDoNotMatch()).not.toBe(en.validation.passwordsDoNotMatch());
		}
	});

	it("has the product's English texts", () => {
		expect(en.common.themeChanged({ mode: en.common.themeModes.dark() })).toBe("Theme changed to dark mode");
		expect(en.dashboard.greeting({ name: "Ann" })).toBe("Hi, Ann");
		expect(en.auth.signupSuccess()).toBe("Account created successfully! Please log in.");
		expect(en.common.errorBoundaryText()).toBe("An unexpected error occurred. Please try refreshing the page.");
	});
});

describe("field errors", () => {
	it("lists every failure of a field once, translated", () => {
		const error = {
			type: "too_small",
			message: "passwordMin",
			types: { too_small: ["passwordMin", "passwordMin"], custom: "passwordsDoNotMatch", other: "Plain text" },
		};
		expect(errorMessages(error, en)).toEqual([
			"Password must be at least 8 characters",
			"Passwords do not match",
			"Plain text",
		]);
		expect(errorMessages(undefined, en)).toEqual([]);
	});
});

describe("language detection: stored choice, browser, page tag", () => {
	it("prefers the stored choice, then the browser, then the page tag", () => {
		expect(detectLocale({ stored: "ar", browser: ["fr-FR"], htmlLang: "en" })).toBe("ar");
		expect(detectLocale({ stored: null, browser: ["de-DE", "fr-CA"], htmlLang: "en" })).toBe("fr");
		expect(detectLocale({ stored: "xx", browser: ["de"], htmlLang: "ar" })).toBe("ar");
		expect(detectLocale({ stored: undefined, browser: [], htmlLang: null })).toBe("en");
	});

	it("uses only the language part of a code", () => {
		expect(toLocale("AR_eg")).toBe("ar");
		expect(toLocale(" fr-ca ")).toBe("fr");
		expect(toLocale("english")).toBeNull();
		expect(toLocale("")).toBeNull();
	});

	it("only Arabic is right-to-left", () => {
		expect(directionOf("ar")).toBe("rtl");
		expect(directionOf("en")).toBe("ltr");
		expect(directionOf("fr")).toBe("ltr");
	});
});

describe("admin page parameter", () => {
	it.each([
		[null, 1],
		[undefined, 1],
		["", 1],
		["1", 1],
		["3", 3],
		[" 7 ", 7],
		["0", 1],
		["-2", 1],
		["2.5", 1],
		["abc", 1],
		["1e3", 1],
		["99999999999999999999", 1],
	])("%j gives %i", (value, page) => {
		expect(parsePageParam(value)).toBe(page);
	});
});

describe("small helpers", () => {
	it("page titles name the screen", () => {
		expect(pageTitle("Log In")).toBe("Log In - Portico");
		expect(pageTitle("")).toBe("Portico");
	});

	it("theme modes resolve to an appearance", () => {
		expect(resolveAppearance("system", true)).toBe("dark");
		expect(resolveAppearance("system", false)).toBe("light");
		expect(resolveAppearance("light", true)).toBe("light");
		expect(isThemeMode("dark")).toBe(true);
		expect(isThemeMode("auto")).toBe(false);
	});
});
