import type { Locator } from "@playwright/test";
import { expect, expectAccessible, screenshot, signUpAndLogIn, test } from "./fixtures.ts";

const backgroundOf = (button: Locator) => button.evaluate((element) => getComputedStyle(element).backgroundColor);

for (const scheme of ["light", "dark"] as const) {
	test(`the Security tab's primary buttons are the app's primary buttons (${scheme})`, async ({ page }) => {
		await page.emulateMedia({ colorScheme: scheme });
		await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
		await signUpAndLogIn(page);
		await page.goto("/settings");
		await page.getByRole("tab", { name: "Password" }).click();
		const primary = await backgroundOf(page.getByRole("button", { name: "Save", exact: true }));
		await page.getByRole("tab", { name: "Security" }).click();
		expect(await backgroundOf(page.getByTestId("totp-enable")), "Enable").toBe(primary);
		expect(await backgroundOf(page.getByTestId("passkey-add")), "Add a passkey").toBe(primary);
		await page.getByTestId("totp-enable").click();
		const verify = page.getByRole("button", { name: "Verify and enable" });
		expect(await backgroundOf(verify), "Verify and enable").toBe(primary);
		await expectAccessible(page);
		await screenshot(page, `security-buttons-${scheme}`);
	});
}
