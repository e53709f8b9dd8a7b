import type { Page } from "@playwright/test";
import ar from "../../shared/i18n/ar/verification/index.ts";
import { isolate } from "../../shared/i18n/direction.ts";
import {
	expect,
	expectAccessible,
	loginAs,
	PASSWORD,
	screenshot,
	signUpAndLogIn,
	test,
	uniqueEmail,
} from "./fixtures.ts";
import { linkTo } from "./outbox.ts";

const banner = (page: Page) => page.getByTestId("verify-banner");

test.describe("e-mail verification", () => {
	test("the banner asks for the link; the link verifies and the banner is gone", async ({ page }) => {
		const user = await signUpAndLogIn(page);
		await expect(banner(page)).toBeVisible();
		await expect(banner(page)).toContainText("Please verify your e-mail address");
		await expect(banner(page)).toContainText(`We sent a link to ${isolate(user.email)}.`);
		await expectAccessible(page);

		await page.goto(await linkTo(user.email, "/verify-email"));
		await expect(page).toHaveTitle("E-mail verification - Portico");
		await expect(page.getByText("Your e-mail address is verified. Thank you!")).toBeVisible();
		await expectAccessible(page);
		await page.getByRole("link", { name: "Continue to Portico" }).click();
		await expect(page.getByRole("heading", { name: `Hi, ${user.fullName}` })).toBeVisible();
		await expect(banner(page)).toHaveCount(0);

		// The link again: used up, but this address is proved, so that is what the screen says.
		await page.goto(await linkTo(user.email, "/verify-email"));
		await expect(page.getByText("Your e-mail address is already verified.")).toBeVisible();
	});

	test("Resend mails a new link, which replaces the older one", async ({ page }) => {
		const user = await signUpAndLogIn(page);
		const first = await linkTo(user.email, "/verify-email");
		await banner(page).getByRole("button", { name: "Resend" }).click();
		await expect(page.getByText("Verification email sent. Check your inbox.")).toBeVisible();
		const second = await linkTo(user.email, "/verify-email", 2);
		expect(second).not.toBe(first);

		await page.goto(first);
		await expect(page.getByTestId("verify-error")).toHaveText("This link is invalid, has expired or was already used.");
		// Signed in with an unproved address: a new link is one click away.
		await expect(page.getByRole("button", { name: "Ask for a new link" })).toBeVisible();
		await expectAccessible(page);
		await page.goto(second);
		await expect(page.getByText("Your e-mail address is verified. Thank you!")).toBeVisible();
	});

	test("Dismiss hides the banner for this tab only", async ({ page, context }) => {
		await signUpAndLogIn(page);
		await banner(page).getByRole("button", { name: "Dismiss" }).click();
		await expect(banner(page)).toHaveCount(0);
		await page.reload();
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(banner(page)).toHaveCount(0);
		const other = await context.newPage();
		await other.goto("/");
		await expect(banner(other)).toBeVisible();
	});

	test("a bad link, signed out, says so and leads to the login", async ({ page }) => {
		await page.goto("/verify-email?token=not-a-real-token");
		await expect(page.getByTestId("verify-error")).toHaveText("This link is invalid, has expired or was already used.");
		await page.getByRole("link", { name: "Log in to ask for a new link." }).click();
		await expect(page).toHaveURL(/\/login$/);
	});
});

test.describe("This wasn't me", () => {
	// Two browsers, six screens and three e-mails on a shared machine.
	test.describe.configure({ timeout: 240_000 });
	test("the old address's link undoes an e-mail change, signs everyone out and mails a reset link", async ({
		page,
		browser,
		baseURL,
	}) => {
		const user = await signUpAndLogIn(page, { fullName: "Changed Under Me" });
		// Only a proved address gets a way back.
		await page.goto(await linkTo(user.email, "/verify-email"));
		await expect(page.getByText("Your e-mail address is verified. Thank you!")).toBeVisible();
		const newEmail = uniqueEmail("taken-over");
		await page.goto("/settings");
		await page.getByRole("button", { name: "Edit Profile" }).click();
		await page.getByTestId("email-input").fill(newEmail);
		await page.getByRole("button", { name: "Save Changes" }).click();
		await expect(page.getByText("User information updated successfully.")).toBeVisible();
		// The new address is unproved: the banner names it.
		await expect(banner(page)).toContainText(isolate(newEmail));

		// The owner of the old address opens the notice's link, in another browser.
		const ownerContext = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.251.0.7" } });
		const owner = await ownerContext.newPage();
		await owner.goto(await linkTo(user.email, "/revert-email"));
		await expect(owner).toHaveTitle("Undo the e-mail change - Portico");
		await expectAccessible(owner);
		await owner.getByRole("button", { name: "Undo the change" }).click();
		await expect(owner.getByTestId("revert-done")).toHaveText(
			"The change was undone. Every session was signed out, passkeys and two-factor authentication were removed, and we sent a link to set a new password to your previous address.",
		);
		await expectAccessible(owner);

		// The browser that made the change is signed out.
		await page.goto("/settings");
		await expect(page).toHaveURL(/\/login$/);

		// The reset link went to the old address; it sets a password that logs in there.
		await owner.goto(await linkTo(user.email, "/reset-password"));
		await owner.getByTestId("new-password-input").fill("taken-back-password");
		await owner.getByTestId("confirm-password-input").fill("taken-back-password");
		await owner.getByRole("button", { name: "Reset Password" }).click();
		await expect(owner).toHaveURL(/\/login$/);
		await owner.getByTestId("email-input").fill(user.email);
		await owner.getByTestId("password-input").fill("taken-back-password");
		await owner.getByRole("button", { name: "Log In" }).click();
		await expect(owner.getByTestId("user-menu")).toBeVisible();
		// Taken back through its own inbox, the address counts as proved.
		await expect(banner(owner)).toHaveCount(0);

		// The link is used up.
		await owner.goto(await linkTo(user.email, "/revert-email"));
		await owner.getByRole("button", { name: "Undo the change" }).click();
		await expect(owner.getByTestId("revert-error")).toHaveText(
			"This link is invalid, has expired or was already used.",
		);
		await ownerContext.close();
	});
});

/** The new screens in light, dark, Arabic and at 360 px: axe and a screenshot each. */
const variants = [
	{ name: "light", dark: false, lang: "en" },
	{ name: "dark", dark: true, lang: "en" },
	{ name: "ar", dark: false, lang: "ar" },
] as const;

for (const variant of variants) {
	test.describe(`verification screens (${variant.name})`, () => {
		// Five screens, each scanned by axe and photographed.
		test.describe.configure({ timeout: 240_000 });
		test.beforeEach(async ({ page }) => {
			await page.emulateMedia({ colorScheme: variant.dark ? "dark" : "light", reducedMotion: "reduce" });
			await page.addInitScript((lang) => localStorage.setItem("lang", lang), variant.lang);
		});

		test("banner, verify and revert screens", async ({ page }) => {
			const rtl = variant.lang === "ar";
			const user = await signUpAndLogIn(page, { fullName: "Screen Shooter" });
			await expect(page.locator("html")).toHaveAttribute("dir", rtl ? "rtl" : "ltr");
			await expect(banner(page)).toBeVisible();
			if (rtl) {
				await expect(banner(page)).toContainText(ar.banner.title);
				// Mirrored: the text starts at the right, the buttons sit at the left.
				const box = await banner(page).boundingBox();
				const resend = await banner(page).getByRole("button", { name: ar.banner.resend }).boundingBox();
				const title = await banner(page).getByText(ar.banner.title).boundingBox();
				expect(resend && title && box).toBeTruthy();
				if (resend && title && box) {
					expect(resend.x).toBeLessThan(title.x);
					expect(title.x + title.width).toBeGreaterThan(box.x + box.width - 40);
				}
			}
			await page.evaluate(() => document.fonts.ready);
			await expectAccessible(page);
			await screenshot(page, `verify-banner-${variant.name}`);
			await page.setViewportSize({ width: 360, height: 740 });
			await expect(banner(page)).toBeVisible();
			const width = await page.evaluate(() => document.documentElement.scrollWidth);
			expect(width).toBeLessThanOrEqual(360);
			await screenshot(page, `verify-banner-360-${variant.name}`);

			await page.setViewportSize({ width: 1280, height: 800 });
			await page.goto("/verify-email?token=used-or-wrong");
			await expect(page.getByTestId("verify-error")).toBeVisible();
			if (rtl) await expect(page.getByTestId("verify-error")).toHaveText(ar.verify.invalid);
			await expectAccessible(page);
			await screenshot(page, `verify-email-error-${variant.name}`);

			await page.goto(await linkTo(user.email, "/verify-email"));
			await expect(page.getByText(rtl ? ar.verify.done : "Your e-mail address is verified. Thank you!")).toBeVisible();
			await expectAccessible(page);
			await screenshot(page, `verify-email-done-${variant.name}`);
			await page.setViewportSize({ width: 360, height: 740 });
			await screenshot(page, `verify-email-done-360-${variant.name}`);

			await page.goto("/revert-email?token=some-token");
			await expect(page.getByRole("heading", { name: rtl ? ar.revert.title : "Undo the e-mail change" })).toBeVisible();
			await expectAccessible(page);
			await screenshot(page, `revert-email-360-${variant.name}`);
			await page.setViewportSize({ width: 1280, height: 800 });
			await page.getByRole("button", { name: rtl ? ar.revert.button : "Undo the change" }).click();
			await expect(page.getByTestId("revert-error")).toBeVisible();
			await expectAccessible(page);
			await screenshot(page, `revert-email-error-${variant.name}`);
		});
	});
}

test("a signed-in user who was verified elsewhere sees no banner", async ({ page }) => {
	const email = uniqueEmail("elsewhere");
	const created = await page.request.post("/api/v1/users/signup", { data: { email, password: PASSWORD } });
	expect(created.ok()).toBe(true);
	const link = await linkTo(email, "/verify-email");
	const token = new URL(link, "http://x").searchParams.get("token");
	expect((await page.request.post("/api/v1/verify-email/", { data: { token } })).ok()).toBe(true);
	await loginAs(page, email, PASSWORD);
	await expect(page.getByTestId("user-menu")).toBeVisible();
	await expect(banner(page)).toHaveCount(0);
});
