import { totpAt } from "../helpers/totp.ts";
import { createUserViaApi, enableTwoFactorViaApi, expect, expectAccessible, screenshot, test } from "./fixtures.ts";

/** The login's texts, and the reason a full window of wrong codes gives (docs/decisions/029), per language. */
const TEXTS = {
	en: {
		logIn: "Log In",
		verify: "Verify",
		reason: /^Too many wrong two-factor codes, please try again later\. Try again in 15 minutes\.$/,
	},
	fr: {
		logIn: "Se connecter",
		verify: "Vérifier",
		reason:
			/^Trop de codes de double authentification erronés, veuillez réessayer plus tard\. Réessayez dans 15 minutes\.$/,
	},
	ar: { logIn: "تسجيل الدخول", verify: "تحقّق", reason: /^رموز مصادقة ثنائية خاطئة كثيرة جدًا، يرجى المحاولة لاحقًا/ },
} as const;

for (const lang of ["en", "fr", "ar"] as const) {
	test(`after ten wrong two-factor codes, the login says why it waits, not only "rate limit" (${lang})`, async ({
		page,
		request,
	}) => {
		const user = await createUserViaApi(request);
		const { secret } = await enableTwoFactorViaApi(request, user);
		// Ten wrong codes from ten addresses: the account's window is full, whatever the client.
		const block = 1 + Math.floor(Math.random() * 250);
		for (let i = 1; i <= 10; i++) {
			const wrong = await request.post("/api/v1/login/access-token", {
				form: { username: user.email, password: user.password, totp_code: "000000" },
				headers: { "x-forwarded-for": `10.229.${block}.${i}` },
			});
			expect(wrong.status()).toBe(400);
		}

		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await page.goto("/login");
		await page.getByTestId("email-input").fill(user.email);
		await page.getByTestId("password-input").fill(user.password);
		await page.getByRole("button", { name: TEXTS[lang].logIn, exact: true }).click();
		await expect(page).toHaveURL(/\/login\/two-factor$/);
		await page.getByTestId("totp-input").fill(totpAt(secret, Date.now()));
		await page.getByRole("button", { name: TEXTS[lang].verify, exact: true }).click();
		// Under the field, where the code was typed.
		const reason = page.locator("ul.field-errors");
		await expect(reason).toBeVisible();
		await screenshot(page, `item3-two-factor-limit-${lang}`);
		await expect(reason).toHaveText(TEXTS[lang].reason);
		await expectAccessible(page);
	});
}
