import { closeToast, expect, expectAccessible, screenshot, signUpAndLogIn, test } from "./fixtures.ts";

for (const lang of ["en", "fr"] as const) {
	test(`the verification banner's Resend rests after a send, saying for how long (${lang})`, async ({ page }) => {
		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await signUpAndLogIn(page);
		const resend = page.getByTestId("resend-verification");
		await expect(resend).toBeEnabled();
		await resend.click();
		await closeToast(page);
		await expect(resend).toBeDisabled();
		await expect(resend).toHaveText(lang === "en" ? /^Resend in \d+ s$/ : /^Renvoyer dans \d+ s$/);
		await expectAccessible(page);
		await screenshot(page, `resend-cooldown-${lang}`);
	});
}
