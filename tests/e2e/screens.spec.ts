import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, signUpAndLogIn, test } from "./fixtures.ts";

/** Every screen client-core owns, in light, dark and Arabic: an axe scan and a screenshot each. */
type Variant = { name: string; dark: boolean; lang: "en" | "ar" };
const variants: Variant[] = [
	{ name: "light", dark: false, lang: "en" },
	{ name: "dark", dark: true, lang: "en" },
	{ name: "ar", dark: false, lang: "ar" },
];

async function prepare(page: Page, variant: Variant) {
	await page.emulateMedia({ colorScheme: variant.dark ? "dark" : "light", reducedMotion: "reduce" });
	await page.addInitScript((lang) => {
		if (!sessionStorage.getItem("prepared")) {
			localStorage.setItem("lang", lang);
			sessionStorage.setItem("prepared", "1");
		}
	}, variant.lang);
}

async function settle(page: Page) {
	await expect(page.getByRole("heading").first()).toBeVisible();
	await page.evaluate(() => document.fonts.ready);
}

for (const variant of variants) {
	test.describe(`screens (${variant.name})`, () => {
		test.beforeEach(async ({ page }) => prepare(page, variant));

		for (const [path, name] of [
			["/login", "login"],
			["/signup", "signup"],
			["/recover-password", "recover-password"],
			["/reset-password?token=abc", "reset-password"],
			["/reset-password", "reset-password-no-token"],
			["/missing", "not-found"],
		] as const) {
			test(`${name} screen`, async ({ page }) => {
				await page.goto(path);
				await settle(page);
				await expect(page.locator("html")).toHaveAttribute("dir", variant.lang === "ar" ? "rtl" : "ltr");
				await expectAccessible(page);
				await screenshot(page, `${name}-${variant.name}`);
			});
		}

		test("sign-up form with its errors", async ({ page }) => {
			await page.goto("/signup");
			await page.getByTestId("full-name-input").fill("ab");
			await page.getByTestId("email-input").fill("bad");
			await page.getByTestId("password-input").fill("short");
			await page.getByTestId("confirm-password-input").focus();
			await page.getByTestId("confirm-password-input").blur();
			await expect(page.locator("[aria-invalid='true']")).toHaveCount(4);
			await settle(page);
			await expectAccessible(page);
			await screenshot(page, `signup-errors-${variant.name}`);
		});

		test("signed-in screens", async ({ page }) => {
			await signUpAndLogIn(page, { fullName: "Screen Shooter" });
			await settle(page);
			await expectAccessible(page);
			await screenshot(page, `dashboard-${variant.name}`);

			await page.getByTestId("user-menu").click();
			await expect(page.getByRole("menu")).toBeVisible();
			await expectAccessible(page);
			await screenshot(page, `user-menu-${variant.name}`);
			await page.keyboard.press("Escape");

			await page.setViewportSize({ width: 360, height: 740 });
			await screenshot(page, `dashboard-360-${variant.name}`);
			await page.locator("header").getByRole("button").first().click();
			await expect(page.getByRole("dialog")).toBeVisible();
			await expectAccessible(page);
			await screenshot(page, `drawer-360-${variant.name}`);
			await page.getByRole("button", { name: /Close menu|إغلاق القائمة/ }).click();
			await expect(page.getByRole("dialog")).toBeHidden();
		});

		test("login at 360 px", async ({ page }) => {
			await page.setViewportSize({ width: 360, height: 740 });
			await page.goto("/login");
			await settle(page);
			const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
			expect(overflow).toBeLessThanOrEqual(0);
			await screenshot(page, `login-360-${variant.name}`);
		});
	});
}
