import { ADMIN, expect, loginAs, test } from "./fixtures.ts";

test("the admin's card counts every new account, and says so (not 'Sign-ups': admins make accounts too)", async ({
	page,
}) => {
	await loginAs(page, ADMIN.email, ADMIN.password, "/");
	await expect(page.getByText("New accounts, last 7 days")).toBeVisible();
	await expect(page.getByText("Sign-ups, last 7 days")).toHaveCount(0);
});
