import { expect, signUpAndLogIn, test } from "./fixtures.ts";

test("toasts: bottom-right, 440 wide, five at once with the rest queued, success toasts last 4 s", async ({ page }) => {
	// A fake clock: toast timers only move when the test says so (the machine may be slow).
	await page.clock.install();
	await signUpAndLogIn(page);
	await page.clock.pauseAt(Date.now() + 60_000);

	const themeButton = page.getByRole("button", { name: /^Theme/ });
	const choose = async (mode: string) => {
		await themeButton.click();
		await page.getByRole("menuitemradio", { name: mode }).click();
		await expect(page.getByRole("menu")).toBeHidden();
		// Sonner renders a new toast from a timer: let 50 ms pass.
		await page.clock.runFor(50);
	};
	for (const mode of ["Dark", "Light", "Dark", "Light", "Dark", "Light", "Dark"]) await choose(mode);

	const toasts = page.locator("[data-sonner-toast]");
	// Seven were raised: five show, two wait their turn.
	await expect(toasts).toHaveCount(5);
	await expect(toasts.filter({ hasText: "Theme changed to" })).toHaveCount(5);
	const toaster = page.locator("[data-sonner-toaster]");
	await expect(toaster).toHaveAttribute("data-x-position", "right");
	await expect(toaster).toHaveAttribute("data-y-position", "bottom");
	expect(await toaster.evaluate((el) => getComputedStyle(el).getPropertyValue("--width").trim())).toBe("440px");

	// Still there just before 4 s, gone after, and the queued two take their place.
	await page.clock.runFor(3400);
	await expect(toasts).toHaveCount(5);
	await page.clock.runFor(1000);
	await expect(toasts).toHaveCount(2);
	await page.clock.runFor(4500);
	await expect(toasts).toHaveCount(0);
});
