import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, loginAs, screenshot, signUpAndLogIn, test } from "./fixtures.ts";
import { linkTo } from "./outbox.ts";

const unsaved = (page: Page) => page.getByRole("alertdialog", { name: "Discard unsaved changes?" });

/** Settings, reached through the side menu (so Back has somewhere to go), with the profile editor open and changed. */
async function editProfileUnsaved(page: Page) {
	await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "User Settings" }).click();
	await page.getByRole("button", { name: "Edit Profile" }).click();
	await page.getByTestId("full-name-input").fill("Unsaved Name");
}

test.describe("the profile editor holds unsaved changes", () => {
	test("a tab, the side menu, the user menu and Back ask first; Keep editing stays, Discard goes", async ({ page }) => {
		await signUpAndLogIn(page, { fullName: "Careful Editor" });
		await editProfileUnsaved(page);

		await page.getByRole("tab", { name: "Password" }).click();
		await expect(unsaved(page)).toBeVisible();
		await unsaved(page).getByRole("button", { name: "Keep editing" }).click();
		await expect(page.getByTestId("full-name-input")).toHaveValue("Unsaved Name");
		await expect(page).toHaveURL(/\/settings$/);

		await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Dashboard" }).click();
		await expect(unsaved(page)).toBeVisible();
		await page.keyboard.press("Escape");
		await expect(unsaved(page)).toBeHidden();
		await expect(page.getByTestId("full-name-input")).toHaveValue("Unsaved Name");

		await page.getByTestId("user-menu").click();
		await page.getByRole("menuitem", { name: "Settings" }).click();
		// The same page: nothing is lost, nothing to ask.
		await expect(unsaved(page)).toBeHidden();

		await page.goBack();
		await expect(unsaved(page)).toBeVisible();
		await expectAccessible(page);
		await unsaved(page).getByRole("button", { name: "Discard changes" }).click();
		await expect(page).toHaveURL(/\/$/);
		await expect(page.getByRole("heading", { name: "Hi, Careful Editor" })).toBeVisible();
	});

	test("closing or reloading the tab gets the browser's own question; a clean form does not", async ({ page }) => {
		await signUpAndLogIn(page);
		await editProfileUnsaved(page);
		const question = page.waitForEvent("dialog");
		await page.close({ runBeforeUnload: true });
		const dialog = await question;
		expect(dialog.type()).toBe("beforeunload");
		await dialog.dismiss();
		expect(page.isClosed()).toBe(false);

		// Cancel puts the form back as it was: leaving asks nothing.
		await page.getByRole("button", { name: "Cancel" }).click();
		await page.getByRole("tab", { name: "Password" }).click();
		await expect(page.getByTestId("current-password-input")).toBeVisible();
		await page.close({ runBeforeUnload: true });
		await expect.poll(() => page.isClosed()).toBe(true);
	});

	test("the question in Arabic at 360 px: readable, accessible", async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await page.addInitScript(() => localStorage.setItem("lang", "ar"));
		await signUpAndLogIn(page);
		await page.goto("/settings");
		await page.getByRole("button", { name: "تعديل الملف الشخصي" }).click();
		await page.getByTestId("full-name-input").fill("اسم جديد");
		await page.getByRole("tab", { name: "كلمة المرور" }).click();
		const dialog = page.getByRole("alertdialog", { name: "تجاهل التغييرات غير المحفوظة؟" });
		await expect(dialog).toBeVisible();
		const box = await dialog.boundingBox();
		expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
		await expectAccessible(page);
		await screenshot(page, "unsaved-changes-ar-360");
	});
});

test.describe("every password field can be shown", () => {
	/** Each of the `count` password inputs on the page has its Show password toggle, which shows and hides it. */
	async function expectToggles(page: Page, count: number) {
		await expect(page.locator('input[type="password"]')).toHaveCount(count);
		const fields = page
			.locator(".rt-TextFieldRoot")
			.filter({ has: page.getByRole("button", { name: "Show password" }) });
		await expect(fields).toHaveCount(count);
		for (let n = 0; n < count; n++) {
			const input = fields.nth(n).locator("input");
			const toggle = fields.nth(n).getByRole("button", { name: "Show password" });
			await expect(input).toHaveAttribute("type", "password");
			await toggle.click();
			await expect(toggle).toHaveAttribute("aria-pressed", "true");
			await expect(input).toHaveAttribute("type", "text");
			await toggle.click();
			await expect(input).toHaveAttribute("type", "password");
		}
	}

	test("on the public screens", async ({ page, request, adminApi }) => {
		await page.goto("/login");
		await expectToggles(page, 1);
		await page.goto("/signup");
		await expectToggles(page, 2);
		// A real link: the screen refuses a made-up token as it opens (no form to show).
		const user = await adminApi.createUser();
		await request.post(`/api/v1/password-recovery/${user.email}`);
		await page.goto(await linkTo(user.email, "/reset-password"));
		await expectToggles(page, 2);
	});

	test("in settings and the admin's user dialogs", async ({ page, adminApi }) => {
		const someone = await adminApi.createUser();
		await loginAs(page, ADMIN.email, ADMIN.password, "/settings?tab=password");
		await expectToggles(page, 3);
		await page.goto("/admin");
		await page.getByTestId("add-user").click();
		await expectToggles(page, 2);
		await page.keyboard.press("Escape");
		await page.getByRole("searchbox", { name: "Search users" }).fill(someone.email);
		const row = page.getByTestId("user-row").filter({ hasText: someone.email });
		await row.getByTestId("user-actions").click();
		await page.getByRole("menuitem", { name: "Edit User" }).click();
		await expectToggles(page, 1);
	});
});
