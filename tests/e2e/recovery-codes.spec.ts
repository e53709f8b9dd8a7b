import type { Page } from "@playwright/test";
import { totpAt } from "../helpers/totp.ts";
import {
	closeToast,
	expect,
	expectAccessible,
	PASSWORD,
	screenshot,
	signUpAndLogIn,
	test,
	toastAtRest,
} from "./fixtures.ts";

/** Two-factor turned on in Settings, Security: the ten codes on screen, with the toast that says so. */
async function codesOnScreen(page: Page, security: string, verify: string) {
	await signUpAndLogIn(page);
	await page.goto("/settings");
	await page.getByRole("tab", { name: security }).click();
	await page.getByTestId("totp-enable").click();
	const dialog = page.getByTestId("reauth-dialog");
	await expect(page.getByTestId("totp-secret").or(dialog)).toBeVisible();
	if (await dialog.isVisible()) {
		await dialog.getByRole("textbox").first().fill(PASSWORD);
		await dialog.getByRole("button").last().click();
	}
	const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
	await page.getByTestId("totp-enable-input").fill(totpAt(secret, Date.now()));
	// As a phone user who scrolled down to the button: it sits at the bottom of the screen, where
	// the toast that says two-factor is on will appear (the codes take the setup's place).
	const button = page.getByRole("button", { name: verify });
	await button.evaluate((element) =>
		window.scrollBy({ top: element.getBoundingClientRect().bottom - innerHeight + 4 }),
	);
	await button.click();
	await expect(page.getByTestId("recovery-code")).toHaveCount(10);
}

test("leaving the once-shown recovery codes asks first: Stay keeps them, Leave goes", async ({ page }) => {
	await codesOnScreen(page, "Security", "Verify and enable");
	await closeToast(page);
	const ask = page.getByRole("alertdialog", { name: "Leave without your recovery codes?" });
	await page.getByRole("tab", { name: "Password" }).click();
	await expect(ask).toBeVisible();
	await expectAccessible(page);
	await screenshot(page, "recovery-codes-leave-en");
	await ask.getByRole("button", { name: "Stay" }).click();
	await expect(page.getByTestId("recovery-code")).toHaveCount(10);

	await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Dashboard" }).click();
	await expect(ask).toBeVisible();
	await ask.getByRole("button", { name: "Leave" }).click();
	await expect(page).toHaveURL(/\/$/);
});

test("I have saved them lets the page go without asking", async ({ page }) => {
	await codesOnScreen(page, "Security", "Verify and enable");
	await page.getByRole("button", { name: "I have saved them" }).click();
	await page.getByRole("tab", { name: "Password" }).click();
	await expect(page.getByTestId("current-password-input")).toBeVisible();
});

for (const lang of ["en", "ar"] as const) {
	test(`at 360 px the toast covers none of the ten codes (${lang})`, async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 640 });
		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await codesOnScreen(page, lang === "en" ? "Security" : "الأمان", lang === "en" ? "Verify and enable" : "تحقّق وفعّل");
		const toast = page.locator("[data-sonner-toast]").first();
		// Measured once the toast has landed: while it slides in from below it covers nothing yet,
		// and a measure then would pass whatever the page does.
		await toastAtRest(toast);
		const codes = page.getByTestId("recovery-code");
		/** The codes under the toast, and whether the last one is on screen above it (-1: no toast any more). */
		const covered = async () => {
			const box = await toast.boundingBox();
			if (!box) return -1;
			const rects = await codes.evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
			const last = rects.at(-1);
			const lastInView = last !== undefined && last.top >= 0 && last.bottom <= box.y;
			return (
				rects.filter((code) => code.bottom > box.y && code.top < box.y + box.height).length + (lastInView ? 0 : 100)
			);
		};
		try {
			await expect.poll(covered).toBe(0);
		} finally {
			// Saved either way, to see what covered what.
			await page.screenshot({ path: `tests/e2e/screenshots/recovery-codes-toast-${lang}-360.png` });
		}
	});
}
