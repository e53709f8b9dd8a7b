import { expect, signUpAndLogIn, test } from "./fixtures.ts";

test.describe("languages", () => {
	test("Arabic turns the page right-to-left, translates it and survives a reload", async ({ page }) => {
		await page.goto("/login");
		await expect(page.locator("html")).toHaveAttribute("lang", "en");
		await page.getByLabel("Select language").selectOption("ar");
		await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
		await expect(page.locator("html")).toHaveAttribute("lang", "ar");
		await expect(page.getByRole("heading", { name: "تسجيل الدخول" })).toBeVisible();
		// Exact: "Sign in with a passkey" begins with the same words.
		await expect(page.getByRole("button", { name: "تسجيل الدخول", exact: true })).toBeVisible();
		await expect(page).toHaveTitle("تسجيل الدخول - Portico");
		expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("ar");

		await page.reload();
		await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
		await expect(page.getByLabel("اختر اللغة")).toHaveValue("ar");

		// Validation messages come from the same dictionary.
		await page.getByTestId("email-input").focus();
		await page.getByTestId("email-input").blur();
		await expect(page.getByText("البريد الإلكتروني مطلوب")).toBeVisible();

		await page.getByLabel("اختر اللغة").selectOption("en");
		await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
		await expect(page.getByText("Email is required")).toBeVisible();
	});

	test("the signed-in layout mirrors in Arabic: the side menu is on the right", async ({ page }) => {
		await signUpAndLogIn(page, { fullName: "Layla Ahmed" });
		await page.getByLabel("Select language").selectOption("ar");
		await expect(page.getByRole("heading", { name: "مرحبًا، Layla Ahmed" })).toBeVisible();
		const nav = page.getByRole("navigation", { name: "التنقل الرئيسي" });
		await expect(nav.getByRole("link")).toHaveText(["لوحة التحكم", "إعدادات المستخدم"]);
		const sidebar = await page.locator("aside.app-sidebar").boundingBox();
		const main = await page.locator("main").boundingBox();
		const viewport = page.viewportSize();
		expect(sidebar && main && viewport).toBeTruthy();
		expect(Math.round((sidebar?.x ?? 0) + (sidebar?.width ?? 0))).toBe(viewport?.width);
		expect(main?.x ?? 0).toBeLessThan(sidebar?.x ?? 0);

		// The header mirrors too: the user menu sits at the far left.
		const menuButton = await page.getByTestId("user-menu").boundingBox();
		expect(menuButton?.x ?? 999).toBeLessThan(40);

		// The user menu opens towards the page, not off it.
		await page.getByTestId("user-menu").click();
		await expect(page.getByRole("menu")).toContainText("الحساب");
		const menu = await page.getByRole("menu").boundingBox();
		expect(menu?.x ?? -1).toBeGreaterThanOrEqual(0);
		await page.keyboard.press("Escape");
		// Wait until it has closed: a click on the next menu during the closing is swallowed.
		await expect(page.getByRole("menu")).toHaveCount(0);

		// The theme toast speaks Arabic too.
		await page.getByRole("button", { name: /^المظهر/ }).click();
		await page.getByRole("menuitemradio", { name: "داكن" }).click();
		await expect(page.getByText("تم تغيير المظهر إلى الوضع الداكن")).toBeVisible();
	});

	test("the signed-in screens' texts (namespaces) load before the screen shows, and again in a new language", async ({
		page,
	}) => {
		await signUpAndLogIn(page, { fullName: "Nour Haddad" });
		await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();

		// A reload with the namespaces' chunk held: the frame's skeletons wait, no screen with empty texts.
		let release = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		await page.route(/\/assets\/en-namespaces-[^/]+\.js$/, async (route) => {
			await held;
			await route.continue();
		});
		await page.reload();
		await expect(page.getByTestId("loading-shell")).toBeVisible();
		await expect(page.getByTestId("user-menu")).toHaveCount(0);
		release();
		await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
		await expect(page.getByTestId("loading-shell")).toHaveCount(0);

		// A language switch brings the namespaces in the new language with the rest.
		await page.getByLabel("Select language").selectOption("fr");
		await expect(page.getByRole("heading", { name: "Votre compte" })).toBeVisible();
		await expect(page.getByRole("heading", { name: "Your account" })).toHaveCount(0);
	});

	test("a French browser gets French on the first visit", async ({ browser }) => {
		const context = await browser.newContext({ locale: "fr-CA" });
		const page = await context.newPage();
		await page.goto("/login");
		await expect(page.locator("html")).toHaveAttribute("lang", "fr");
		await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
		await expect(page.getByRole("link", { name: "Mot de passe oublié ?" })).toBeVisible();
		await context.close();
	});

	test("a stored choice wins over the browser language", async ({ browser }) => {
		const context = await browser.newContext({ locale: "fr-FR" });
		const page = await context.newPage();
		await page.goto("/login");
		await page.evaluate(() => localStorage.setItem("lang", "en"));
		await page.goto("/signup");
		await expect(page.getByRole("heading", { name: "Sign Up" })).toBeVisible();
		await context.close();
	});

	test("an unsupported browser language falls back to English", async ({ browser }) => {
		const context = await browser.newContext({ locale: "de-DE" });
		const page = await context.newPage();
		await page.goto("/recover-password");
		await expect(page.locator("html")).toHaveAttribute("lang", "en");
		await expect(page.getByRole("heading", { name: "Password Recovery" })).toBeVisible();
		await context.close();
	});
});
