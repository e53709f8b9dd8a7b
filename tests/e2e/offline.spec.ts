import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, loginAs, screenshot, signUpAndLogIn, test } from "./fixtures.ts";

const NETWORK_ERROR = {
	en: "Network error, please check your connection",
	ar: "خطأ في الشبكة، يرجى التحقق من اتصالك",
	fr: "Erreur réseau, veuillez vérifier votre connexion",
} as const;
const CONNECTION_LOST = { en: "Connection lost", ar: "انقطع الاتصال", fr: "Connexion perdue" } as const;
const LOG_IN = { en: "Log In", ar: "تسجيل الدخول", fr: "Se connecter" } as const;
const LANGUAGES = ["en", "ar", "fr"] as const;

const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

test.describe("a screen's code that cannot be fetched", () => {
	test("offline: the frame stays, the page area says the connection is lost, and the screen comes with the connection", async ({
		page,
		context,
	}) => {
		await loginAs(page, ADMIN.email, ADMIN.password);
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await context.setOffline(true);
		await sideMenu(page).getByRole("link", { name: "Admin" }).click();

		const lost = page.getByRole("main").getByRole("alert");
		await expect(lost).toContainText(CONNECTION_LOST.en);
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(sideMenu(page)).toBeVisible();
		await expect(page.getByText("Something went wrong")).toHaveCount(0);
		await expectAccessible(page);
		await screenshot(page, "offline-admin-en");

		await context.setOffline(false);
		await expect(page.getByRole("heading", { level: 1, name: "Users Management" })).toBeVisible();
		await expect(page).toHaveURL(/\/admin$/);
		// With its stylesheet (Vite tries a failed one only once): admin.css fixes the table's layout.
		await expect(page.locator(".users-table table")).toHaveCSS("table-layout", "fixed");
	});

	test("after an upgrade (the old chunk answers 404): one reload at the same URL, no error screen", async ({
		page,
	}) => {
		await loginAs(page, ADMIN.email, ADMIN.password);
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await page.evaluate(() => {
			(window as unknown as { beforeUpgrade: boolean }).beforeUpgrade = true;
		});
		// The new build removed the old admin chunk and its stylesheet (404 the first time each is
		// asked for); the reloaded page gets "the new ones".
		const gone = new Set<string>();
		await page.route(/\/assets\/admin-[^/]+\.(js|css)$/, async (route) => {
			if (gone.has(route.request().url())) return route.continue();
			gone.add(route.request().url());
			await route.fulfill({ status: 404, body: "Not Found" });
		});
		const reloaded = page.waitForEvent("load");
		await sideMenu(page).getByRole("link", { name: "Admin" }).click();
		await reloaded;
		await expect(page).toHaveURL(/\/admin$/);
		await expect(page.getByRole("heading", { level: 1, name: "Users Management" })).toBeVisible();
		expect(await page.evaluate(() => (window as unknown as { beforeUpgrade?: boolean }).beforeUpgrade)).toBeUndefined();
		await expect(page.getByText("Something went wrong")).toHaveCount(0);
	});
});

test.describe("a form sent without a connection says so", () => {
	for (const lang of LANGUAGES) {
		test(`Log In offline before any keystroke, then after typing (${lang})`, async ({ page, context }) => {
			await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
			await page.goto("/login");
			const button = page.getByRole("button", { name: LOG_IN[lang], exact: true });
			await expect(button).toBeVisible();
			await context.setOffline(true);
			await button.click();
			const error = page.getByTestId("form-network-error");
			await expect(error).toHaveText(NETWORK_ERROR[lang]);
			await expect(error).toHaveAttribute("role", "alert");
			await expectAccessible(page);
			await screenshot(page, `offline-login-first-${lang}`);

			// Online for the form's code, offline for the sending: the button stops spinning and says why.
			await context.setOffline(false);
			await page.reload();
			await page.getByTestId("email-input").fill(ADMIN.email);
			await page.getByTestId("password-input").fill("whatever-password");
			await expect(page.getByTestId("email-input")).toHaveValue(ADMIN.email);
			await page.getByTestId("password-input").blur();
			await context.setOffline(true);
			await button.click();
			await expect(error).toHaveText(NETWORK_ERROR[lang]);
			await expect(button).not.toHaveAttribute("data-disabled");
			await expect(button).toBeEnabled();
			await screenshot(page, `offline-login-typed-${lang}`);
		});
	}
});

test("an edit saved offline fails at once and is never sent later (no silent replay)", async ({ page, context }) => {
	await signUpAndLogIn(page, { fullName: "Offline Editor" });
	await page.goto("/settings");
	await page.getByRole("button", { name: "Edit Profile" }).click();
	await page.getByTestId("full-name-input").fill("Name Typed Offline");
	await context.setOffline(true);
	await page.getByRole("button", { name: "Save Changes" }).click();
	await expect(page.getByTestId("form-network-error")).toHaveText(NETWORK_ERROR.en);
	await expect(page.getByRole("button", { name: "Save Changes" })).toBeEnabled();
	await screenshot(page, "offline-profile-save-en");
	await page.getByRole("button", { name: "Cancel" }).click();
	const sent: string[] = [];
	page.on("request", (request) => {
		if (request.url().includes("/trpc/") && request.method() === "POST") sent.push(request.url());
	});
	await context.setOffline(false);
	// A round trip after the connection is back: anything paused would have gone out by then.
	await page.reload();
	await expect(page.getByText("Offline Editor").first()).toBeVisible();
	expect(sent.filter((url) => /updateMe|profile\.update/.test(url))).toEqual([]);
	const token = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}").token as string);
	const me = await page.request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
	expect(((await me.json()) as { full_name: string }).full_name).toBe("Offline Editor");
});

for (const lang of ["en", "ar"] as const) {
	test(`offline, the sessions and the activity say the connection is lost, and load when it is back (${lang})`, async ({
		page,
		context,
	}) => {
		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await signUpAndLogIn(page);
		await page.goto("/settings");
		const tab = page.getByRole("tab", { name: lang === "en" ? "Sessions" : "الجلسات" });
		await expect(tab).toBeVisible();
		await context.setOffline(true);
		await tab.click();
		const lost = page.getByTestId("connection-lost");
		await expect(lost).toHaveCount(2);
		await expect(lost.first()).toContainText(CONNECTION_LOST[lang]);
		await expectAccessible(page);
		await screenshot(page, `offline-sessions-${lang}`);
		await context.setOffline(false);
		await expect(lost).toHaveCount(0);
		await expect(page.getByText(lang === "en" ? "This device" : "هذا الجهاز").first()).toBeVisible();
	});
}
