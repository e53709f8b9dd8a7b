import type { Page } from "@playwright/test";
import { totpAt } from "../helpers/totp.ts";
import { E2E_OIDC } from "../playwright.config.ts";
import {
	enableTwoFactorViaApi,
	expect,
	expectAccessible,
	loginAs,
	PASSWORD,
	screenshot,
	test,
	uniqueEmail,
} from "./fixtures.ts";

/**
 * Sign-in through the team's provider, against a real one: oidc-provider in its own process
 * on 127.0.0.1 (tests/e2e/oidc-provider-process.ts), Portico at localhost. Its sign-in page
 * is a form: the test types the address the provider then vouches for (verified).
 */
const providerButton = (page: Page) => page.getByTestId(`provider-${E2E_OIDC.id}`);

/** From the login screen through the provider's page, signed in there as `email`. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
	await page.goto("/login");
	await providerButton(page).click();
	await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/interaction/`));
	await page.getByLabel("E-mail").fill(email);
	await page.getByRole("button", { name: "Sign in" }).click();
}

/** /login/sso keeps no fragment once read: the hand-off code or the answer leaves the address bar. */
const noFragment = (page: Page) => expect.poll(() => new URL(page.url()).hash).toBe("");

test.describe("sign-in through a provider", () => {
	test("a user with an account signs in through the provider, linked by the verified address, and again by the link", async ({
		page,
		adminApi,
	}) => {
		const user = await adminApi.createUser({ fullName: "Provider Person", email: uniqueEmail("sso") });
		await signInAtProvider(page, user.email);
		await expect(page).toHaveURL(/\/$/);
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(page.getByRole("heading", { name: "Hi, Provider Person" })).toBeVisible();
		// Portico's tokens are in the app's store, never in a URL.
		const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}"));
		expect(typeof stored.token).toBe("string");

		await page.getByTestId("user-menu").click();
		await page.getByRole("menuitem", { name: "Logout" }).click();
		await expect(page).toHaveURL(/\/login$/);
		// The provider remembers its own sign-in: its page is not shown again, the link signs in.
		await providerButton(page).click();
		await expect(page.getByRole("heading", { name: "Hi, Provider Person" })).toBeVisible();
	});

	test("an identity linked to no account: the plain refusal, the fragment gone, the way back to the login", async ({
		page,
	}) => {
		await signInAtProvider(page, uniqueEmail("nobody"));
		const refusal = page.getByTestId("sso-refusal");
		await expect(refusal).toContainText("Sign in another way, then link it in Settings, under Security.");
		await expect(page.getByRole("heading", { name: "You are not signed in" })).toBeVisible();
		await expect(page).toHaveURL(/\/login\/sso$/);
		await noFragment(page);
		expect(await page.evaluate(() => localStorage.getItem("auth-storage"))).toBeNull();
		await expectAccessible(page);
		await page.getByRole("link", { name: "Back to Log In" }).click();
		await expect(page).toHaveURL(/\/login$/);
	});

	test("an account with two-factor: the provider's sign-in goes on to the code screen", async ({ page, adminApi }) => {
		const user = await adminApi.createUser({ fullName: "Two Step", email: uniqueEmail("sso-2fa") });
		const { secret } = await enableTwoFactorViaApi(page.request, { email: user.email, password: PASSWORD });
		await signInAtProvider(page, user.email);
		await expect(page).toHaveURL(/\/login\/two-factor$/);
		expect(await page.evaluate(() => localStorage.getItem("auth-storage"))).toBeNull();
		// The code of the next step: the one that turned two-factor on cannot be used again.
		await page.getByTestId("totp-input").fill(totpAt(secret, Date.now(), 1));
		await page.getByRole("button", { name: "Verify" }).click();
		await expect(page.getByRole("heading", { name: "Hi, Two Step" })).toBeVisible();
	});

	test("a hand-off code not issued to this browser is refused in plain words", async ({ page }) => {
		await page.goto(`/login/sso#handoff=${"A".repeat(43)}&return_to=%2Fsettings`);
		await expect(page.getByTestId("sso-refusal")).toContainText("did not complete");
		await noFragment(page);
		expect(await page.evaluate(() => localStorage.getItem("auth-storage"))).toBeNull();
	});

	test("a link or a re-authentication done goes back where it started, saying so", async ({ page, adminApi }) => {
		const user = await adminApi.createUser({ email: uniqueEmail("sso-done") });
		await loginAs(page, user.email, PASSWORD, "/login/sso#linked=company&return_to=%2Fsettings%3Ftab%3Dsecurity");
		await expect(page).toHaveURL(/\/settings\?tab=security$/);
		// The provider's name from the list (isolated for right-to-left text), not its id.
		await expect(page.getByText(/Company\u2069? is now linked to your account\./)).toBeVisible();
		await page.goto("/login/sso#reauthenticated=1&return_to=%2Fsettings");
		await expect(page).toHaveURL(/\/settings$/);
		await expect(page.getByText("Thank you, you can go on.")).toBeVisible();
		// Another site as the return path is not followed.
		await page.goto("/login/sso#reauthenticated=1&return_to=%2F%2Fevil.example%2F");
		await expect(page).toHaveURL(/localhost:\d+\/$/);
	});

	test("a button the server refuses (a provider no longer configured) lands on the refusal in words, not a JSON page", async ({
		page,
	}) => {
		// A login screen loaded before the provider was removed from the server's settings.
		await page.route("**/api/v1/login/providers", (route) =>
			route.fulfill({
				status: 200,
				contentType: "application/json",
				body: JSON.stringify({ data: [{ id: "retired", name: "Retired", kind: "oidc" }], count: 1 }),
			}),
		);
		await page.goto("/login");
		await page.getByTestId("provider-retired").click();
		await expect(page).toHaveURL(/\/login\/sso$/);
		await expect(page.getByTestId("sso-refusal")).toHaveText("This way of signing in is no longer offered here.");
	});

	test("the login screen offers only the configured providers: none when there are none", async ({ page }) => {
		await page.route("**/api/v1/login/providers", (route) =>
			route.fulfill({ status: 200, contentType: "application/json", body: '{"data":[],"count":0}' }),
		);
		await page.goto("/login");
		await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
		await expect(page.getByTestId("provider-buttons")).toHaveCount(0);
	});
});

/** The login screen with two providers (the configured one, and GitHub with its mark, as the API would list it). */
async function withGitHubListed(page: Page) {
	await page.route("**/api/v1/login/providers", (route) =>
		route.fulfill({
			status: 200,
			contentType: "application/json",
			body: JSON.stringify({
				data: [
					{ id: E2E_OIDC.id, name: E2E_OIDC.name, kind: "oidc" },
					{ id: "github", name: "GitHub", kind: "github" },
				],
				count: 2,
			}),
		}),
	);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const lang of ["en", "ar", "fr"] as const) {
	test(`the provider buttons and the refusal at 360 px (${lang})`, async ({ page }) => {
		await page.emulateMedia({ reducedMotion: "reduce" });
		await page.addInitScript((value) => {
			if (!sessionStorage.getItem("prepared")) {
				localStorage.setItem("lang", value);
				sessionStorage.setItem("prepared", "1");
			}
		}, lang);
		await page.setViewportSize({ width: 360, height: 740 });
		await withGitHubListed(page);
		await page.goto("/login");
		await expect(page.getByTestId("provider-github").locator("svg")).toBeVisible();
		await expect(providerButton(page)).toContainText(E2E_OIDC.name);
		await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
		await page.evaluate(() => document.fonts.ready);
		expect(await overflow(page)).toBeLessThanOrEqual(0);
		await expectAccessible(page);
		await screenshot(page, `sign-in-providers-login-360-${lang}`);

		for (const reason of ["IDENTITY_NOT_LINKED", "PROVIDER_UNAVAILABLE"]) {
			// From another page: a new fragment on /login/sso itself is no new load.
			await page.goto("/login");
			await page.goto(`/login/sso#error=${reason}`);
			await expect(page.getByTestId("sso-refusal")).toBeVisible();
			await noFragment(page);
			expect(await overflow(page)).toBeLessThanOrEqual(0);
			await expectAccessible(page);
			await screenshot(page, `sign-in-providers-refusal-${reason.toLowerCase()}-360-${lang}`);
		}
	});
}
