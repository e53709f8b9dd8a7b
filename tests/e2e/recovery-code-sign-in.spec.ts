import {
	closeToast,
	createUserViaApi,
	enableTwoFactorViaApi,
	expect,
	expectAccessible,
	screenshot,
	test,
} from "./fixtures.ts";

const TEXTS = {
	en: { useCode: "Use a recovery code", verify: "Verify", left: "Recovery codes left: 9." },
	ar: { useCode: "استخدام رمز استرداد", verify: "تحقّق", left: "رموز الاسترداد المتبقية: 9." },
} as const;

for (const lang of ["en", "ar"] as const) {
	test(`after a sign-in with a recovery code, the screen says one was used and how many remain (${lang})`, async ({
		page,
		request,
	}) => {
		const user = await createUserViaApi(request);
		const { recoveryCodes } = await enableTwoFactorViaApi(request, user);

		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await page.goto("/login");
		await page.getByTestId("email-input").fill(user.email);
		await page.getByTestId("password-input").fill(user.password);
		await page.getByTestId("password-input").press("Enter");
		await expect(page).toHaveURL(/\/login\/two-factor$/);
		await page.getByRole("button", { name: TEXTS[lang].useCode }).click();
		await page.getByTestId("totp-input").fill(recoveryCodes[0] as string);
		await page.getByRole("button", { name: TEXTS[lang].verify, exact: true }).click();
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(page.locator("[data-sonner-toast]").filter({ hasText: TEXTS[lang].left })).toBeVisible();
		await screenshot(page, `recovery-code-used-${lang}`);
		await closeToast(page);
		await expectAccessible(page);
	});
}
