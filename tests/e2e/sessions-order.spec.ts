import { expect, loginAs, signUpAndLogIn, test } from "./fixtures.ts";

test("the sessions list shows this device first, even when another one was active since", async ({ page, browser }) => {
	const user = await signUpAndLogIn(page);
	// Another device signs in, and is active after this one.
	const other = await browser.newContext();
	const otherPage = await other.newPage();
	await loginAs(otherPage, user.email, user.password, "/settings?tab=sessions");
	await expect(otherPage.getByTestId("session-list")).toBeVisible();
	await other.close();

	await page.goto("/settings?tab=sessions");
	const rows = page.getByTestId("session-list").locator("li");
	await expect(rows).toHaveCount(2);
	await expect(rows.first()).toContainText("This device");
});
