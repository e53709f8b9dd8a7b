import { totpAt } from "../helpers/totp.ts";
import { closeToast, createUserViaApi, expect, expectAccessible, screenshot, test } from "./fixtures.ts";

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
		const login = await request.post("/api/v1/login/access-token", {
			form: { username: user.email, password: user.password },
		});
		const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
		const { secret } = (await (await request.post("/api/v1/users/me/totp/setup", { headers })).json()) as {
			secret: string;
		};
		const enabled = await request.post("/api/v1/users/me/totp/enable", {
			headers,
			data: { code: totpAt(secret, Date.now()) },
		});
		const { recovery_codes } = (await enabled.json()) as { recovery_codes: string[] };

		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await page.goto("/login");
		await page.getByTestId("email-input").fill(user.email);
		await page.getByTestId("password-input").fill(user.password);
		await page.getByTestId("password-input").press("Enter");
		await expect(page).toHaveURL(/\/login\/two-factor$/);
		await page.getByRole("button", { name: TEXTS[lang].useCode }).click();
		await page.getByTestId("totp-input").fill(recovery_codes[0] as string);
		await page.getByRole("button", { name: TEXTS[lang].verify, exact: true }).click();
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(page.locator("[data-sonner-toast]").filter({ hasText: TEXTS[lang].left })).toBeVisible();
		await screenshot(page, `recovery-code-used-${lang}`);
		await closeToast(page);
		await expectAccessible(page);
	});
}
