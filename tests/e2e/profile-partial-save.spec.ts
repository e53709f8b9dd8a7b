import { expect, signUpAndLogIn, test } from "./fixtures.ts";

test("a profile save whose second half fails still shows the saved name in the header", async ({ page }) => {
	await signUpAndLogIn(page, { fullName: "Before Name" });
	await page.goto("/settings");
	await page.getByRole("button", { name: "Edit Profile" }).click();
	// The user part (users.updateMe) goes through; the profile part (profile.update) fails.
	await page.route("**/trpc/profile.update*", (route) => route.fulfill({ status: 500, body: "{}" }));
	await page.getByTestId("full-name-input").fill("After Name");
	await page.getByTestId("age-input").fill("30");
	await page.getByRole("button", { name: "Save Changes" }).click();
	await expect(page.getByText("Something went wrong!")).toBeVisible();
	await expect(page.getByTestId("user-menu")).toContainText("After Name");
});
