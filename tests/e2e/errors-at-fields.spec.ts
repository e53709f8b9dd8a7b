import type { Page } from "@playwright/test";
import {
	ADMIN,
	createUserViaApi,
	expect,
	expectAccessible,
	loginAs,
	PASSWORD,
	screenshot,
	signUpAndLogIn,
	test,
	toastAtRest,
	uniqueEmail,
} from "./fixtures.ts";

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

/** The field's error list, as the input names it (aria-describedby), once it has one. */
async function errorsOf(page: Page, testId: string) {
	const input = page.getByTestId(testId);
	await expect(input).toHaveAttribute("aria-describedby", /-errors/);
	const ids = (await input.getAttribute("aria-describedby")) ?? "";
	const id = ids.split(" ").find((one) => one.endsWith("-errors"));
	return page.locator(`[id="${id}"]`);
}

test.describe("a refusal about one field shows at that field too", () => {
	test("a taken e-mail in the profile: toast, message under E-mail, focus there; typing clears it", async ({
		page,
		request,
	}) => {
		const other = await createUserViaApi(request);
		await signUpAndLogIn(page);
		await page.goto("/settings");
		await page.getByRole("button", { name: "Edit Profile" }).click();
		const email = page.getByTestId("email-input");
		await email.fill(other.email);
		await page.getByRole("button", { name: "Save Changes" }).click();
		await expect(toasts(page).filter({ hasText: "User with this email already exists" })).toBeVisible();
		await expect(email).toHaveAttribute("aria-invalid", "true");
		await expect(await errorsOf(page, "email-input")).toHaveText("User with this email already exists");
		await expect(email).toBeFocused();
		await expectAccessible(page);
		await email.fill(uniqueEmail("fresh"));
		await expect(email).not.toHaveAttribute("aria-invalid", "true");
	});

	test("a taken e-mail in Add User: the message under E-mail in the dialog", async ({ page }) => {
		await loginAs(page, ADMIN.email, ADMIN.password, "/admin");
		await page.getByTestId("add-user").click();
		const dialog = page.getByRole("dialog", { name: "Add User" });
		await dialog.getByTestId("email-input").fill(ADMIN.email);
		await dialog.getByTestId("password-input").fill(PASSWORD);
		await dialog.getByTestId("confirm-password-input").fill(PASSWORD);
		await dialog.getByRole("button", { name: "Save" }).click();
		const text = "The user with this email already exists in the system.";
		await expect(toasts(page).filter({ hasText: text })).toBeVisible();
		await expect(await errorsOf(page, "email-input")).toHaveText(text);
		await expect(dialog.getByTestId("email-input")).toBeFocused();
		await expect(dialog).toBeVisible();
	});

	test("a wrong current password, in Arabic at 360 px: the message under that field, in view", async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await page.addInitScript(() => localStorage.setItem("lang", "ar"));
		await signUpAndLogIn(page);
		await page.goto("/settings?tab=password");
		await page.getByTestId("current-password-input").fill("not-my-password-1");
		await page.getByTestId("new-password-input").fill("a-new-password-1");
		await page.getByTestId("confirm-password-input").fill("a-new-password-1");
		await page.getByTestId("current-password-input").press("Enter");
		const errors = await errorsOf(page, "current-password-input");
		await expect(errors).toHaveText("كلمة المرور غير صحيحة");
		await expect(page.getByTestId("current-password-input")).toBeFocused();
		await expect(errors).toBeInViewport();
		// Scanned once the refusal's toast is at rest: halfway through its slide-in it is translucent.
		await toastAtRest(toasts(page).first());
		await expectAccessible(page);
		await screenshot(page, "wrong-current-password-ar-360");
	});
});

test.describe("what the user can do about a refusal", () => {
	test("a 429 keeps the product's text and adds the wait from Retry-After", async ({ page }) => {
		// Five sign-ups a minute from one address: this test's address has used them up.
		for (let n = 0; n < 5; n++) {
			const response = await page.request.post("/api/v1/users/signup", {
				data: { email: uniqueEmail("burst"), password: PASSWORD },
			});
			expect(response.ok()).toBe(true);
		}
		await page.goto("/signup");
		await page.getByTestId("full-name-input").fill("Too Many");
		await page.getByTestId("email-input").fill(uniqueEmail("late"));
		await page.getByTestId("password-input").fill(PASSWORD);
		await page.getByTestId("confirm-password-input").fill(PASSWORD);
		await page.getByRole("button", { name: "Sign Up" }).click();
		await expect(
			toasts(page).filter({
				hasText: /^ErrorRate limit exceeded, please try again later\. Try again in \d+ seconds\.$/,
			}),
		).toBeVisible();
	});

	test("an inactive account's login adds Contact an administrator", async ({ page, adminApi }) => {
		const inactive = await adminApi.createUser({ isActive: false });
		await page.goto("/login");
		await page.getByTestId("email-input").fill(inactive.email);
		await page.getByTestId("password-input").fill(PASSWORD);
		await page.getByRole("button", { name: "Log In" }).click();
		await expect(toasts(page).filter({ hasText: "Inactive user. Contact an administrator." })).toBeVisible();
	});

	test("a refused reset link shows the notice with Request a new link, not a toast over the form", async ({ page }) => {
		// The screen asks what the link is for as it opens: a refused one says so before any typing.
		await page.goto("/reset-password?token=used-or-expired-token");
		const notice = page.getByTestId("reset-link-notice");
		await expect(notice).toHaveText("This link has expired or was already used. Ask for a new recovery e-mail.");
		await expect(page.getByTestId("new-password-input")).toHaveCount(0);
		const newLink = page.getByRole("link", { name: "Request a new link" });
		await expect(newLink).toBeFocused();
		await expect(toasts(page)).toHaveCount(0);
		await expectAccessible(page);
		await newLink.click();
		await expect(page).toHaveURL(/\/recover-password$/);
	});
});
