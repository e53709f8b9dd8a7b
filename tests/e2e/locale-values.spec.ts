import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, loginAs, screenshot, signUpAndLogIn, test } from "./fixtures.ts";

/** Arabic-Indic digits (٠-٩) and Eastern Arabic-Indic digits (۰-۹): Arabic screens use Latin digits instead. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

async function setProfile(page: Page) {
	const token = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}").token as string);
	const response = await page.request.patch("/api/v1/profile/me", {
		headers: { authorization: `Bearer ${token}` },
		data: { age: 30, height_cm: 168.5, current_weight_kg: 70.2 },
	});
	expect(response.ok()).toBe(true);
}

test("French shows 168,5 and dates in French; the admin list's dates and count too", async ({ page }) => {
	await page.addInitScript(() => localStorage.setItem("lang", "fr"));
	await signUpAndLogIn(page);
	await setProfile(page);
	await page.goto("/settings");
	await expect(page.getByTestId("profile-height")).toHaveText("168,5");
	await expect(page.getByTestId("profile-weight")).toHaveText("70,2");

	await loginAs(page, ADMIN.email, ADMIN.password, "/admin");
	const created = page.locator("tbody time").first();
	// "23 nov. 2026": day, abbreviated month, year; the exact time in its title.
	await expect(created).toHaveText(/^\d{1,2} \p{L}+\.? \d{4}$/u);
	await expect(created).toHaveAttribute("title", /\d{2}:\d{2}/);
	await expect(page.getByTestId("result-count")).toHaveText(/^[\d\s\u202f\u00a0]+ utilisateurs?$/);
});

test("Arabic at 360 px uses Latin digits everywhere, as stated", async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.addInitScript(() => localStorage.setItem("lang", "ar"));
	await signUpAndLogIn(page);
	await setProfile(page);
	await page.goto("/settings");
	await expect(page.getByTestId("profile-height")).toHaveText("168.5");
	await page.getByRole("tab", { name: "الجلسات" }).click();
	await expect(page.getByTestId("session-created").first()).toBeVisible();
	expect(await page.locator("main").innerText()).not.toMatch(ARABIC_DIGITS);

	await loginAs(page, ADMIN.email, ADMIN.password, "/admin");
	await expect(page.getByTestId("result-count")).toHaveText(/\d/);
	await expect(page.locator("main time").first()).toHaveText(/\d{4}/);
	expect(await page.locator("main").innerText()).not.toMatch(ARABIC_DIGITS);
	await expectAccessible(page);
	await screenshot(page, "admin-ar-360-digits");
});
