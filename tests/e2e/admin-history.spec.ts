import { ADMIN, expect, loginAs, test } from "./fixtures.ts";

test("an out-of-range ?page is corrected in place, so Back returns where the user came from", async ({ page }) => {
	await loginAs(page, ADMIN.email, ADMIN.password, "/settings");
	await page.goto("/admin?page=999");
	await expect(page).toHaveURL(/\/admin\?page=\d+$/);
	await expect(page).not.toHaveURL(/page=999/);
	await page.goBack();
	await expect(page).toHaveURL(/\/settings$/);
});
