import type { Page } from "@playwright/test";
import arReauth from "../../shared/i18n/ar/reauth/index.ts";
import arSettings from "../../shared/i18n/ar/settings/index.ts";
import {
	type E2EUser,
	expect,
	expectAccessible,
	fromAnotherAddress,
	PASSWORD,
	screenshot,
	signUpAndLogIn,
	test,
	uniqueEmail,
} from "./fixtures.ts";
import { signedInLongAgo } from "./server-db.ts";

const dialog = (page: Page) => page.getByTestId("reauth-dialog");

/** Signs up and in, with the sign-in moved past the recent-authentication window. */
async function signUpLongAgo(page: Page): Promise<E2EUser> {
	const user = await signUpAndLogIn(page);
	await signedInLongAgo(page);
	return user;
}

/** Settings -> Edit Profile -> a new e-mail -> Save: the server asks for a fresh proof of identity. */
async function changeEmail(page: Page, email: string, labels = { edit: "Edit Profile", save: "Save Changes" }) {
	await page.goto("/settings");
	await page.getByRole("button", { name: labels.edit }).click();
	await page.getByTestId("email-input").fill(email);
	await page.getByRole("button", { name: labels.save }).click();
	await expect(dialog(page)).toBeVisible();
}

/** The e-mail the server holds for the signed-in user. */
async function serverEmail(page: Page): Promise<string> {
	const token = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}").token as string);
	const me = await page.request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
	expect(me.status()).toBe(200);
	return ((await me.json()) as { email: string }).email;
}

test.describe("the re-authentication dialog", () => {
	test("a wrong password is shown in the dialog; the right one lets the e-mail change go through", async ({ page }) => {
		const user = await signUpLongAgo(page);
		const newEmail = uniqueEmail("moved");
		await changeEmail(page, newEmail);

		await expect(dialog(page).getByRole("heading", { name: "Confirm your identity" })).toBeVisible();
		await expect(dialog(page).getByText("For your security, enter your password to continue.")).toBeVisible();
		const password = dialog(page).getByRole("textbox", { name: "Password" });
		await expect(password).toBeFocused();
		await expect(password).toHaveAttribute("type", "password");
		await dialog(page).getByRole("button", { name: "Show password" }).click();
		await expect(password).toHaveAttribute("type", "text");
		await expectAccessible(page);

		await password.fill("not-my-password");
		await dialog(page).getByRole("button", { name: "Confirm" }).click();
		await expect(dialog(page).getByText("Incorrect password")).toBeVisible();
		await expect(password).toHaveAttribute("aria-invalid", "true");
		await expect(dialog(page)).toBeVisible();
		expect(await serverEmail(page)).toBe(user.email);

		// The failed attempt's back-off holds for this address: the retry comes from another.
		await fromAnotherAddress(page);
		await password.fill(PASSWORD);
		await dialog(page).getByRole("button", { name: "Confirm" }).click();
		await expect(dialog(page)).toBeHidden();
		await expect(page.getByText("User information updated successfully.")).toBeVisible();
		await expect(page.getByTestId("profile-email")).toHaveText(newEmail);
		expect(await serverEmail(page)).toBe(newEmail);
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(page).toHaveURL(/\/settings$/);
	});

	test("Cancel keeps the old e-mail, shows the error toast and the user stays signed in", async ({ page }) => {
		const user = await signUpLongAgo(page);
		await changeEmail(page, uniqueEmail("not-moved"));
		await dialog(page).getByRole("button", { name: "Cancel" }).click();
		await expect(dialog(page)).toBeHidden();
		await expect(page.getByText("Something went wrong!")).toBeVisible();
		await expect(page.getByText("Please confirm your identity")).toBeVisible();
		await expect(page.getByTestId("profile-form")).toBeVisible();
		expect(await serverEmail(page)).toBe(user.email);
		await page.reload();
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(page.getByTestId("profile-email")).toHaveText(user.email);
	});

	test("in Arabic the dialog reads right to left", async ({ page }) => {
		await page.addInitScript(() => localStorage.setItem("lang", "ar"));
		await signUpLongAgo(page);
		await changeEmail(page, uniqueEmail("rtl"), {
			edit: arSettings.profile.edit,
			save: arSettings.profile.save,
		});
		await expect(dialog(page).getByRole("heading", { name: arReauth.title })).toBeVisible();
		await expect(dialog(page).getByText(arReauth.password.text)).toBeVisible();
		expect(await dialog(page).evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");

		// Mirrored: the title's text starts at the right edge, and Confirm stands to the left of Cancel.
		const title = await dialog(page)
			.getByRole("heading")
			.evaluate((heading) => {
				const range = document.createRange();
				range.selectNodeContents(heading);
				const text = range.getBoundingClientRect();
				const box = heading.getBoundingClientRect();
				return { rightGap: box.right - text.right, leftGap: text.left - box.left };
			});
		expect(title.rightGap).toBeLessThan(1);
		expect(title.leftGap).toBeGreaterThan(20);
		const confirm = await dialog(page).getByRole("button", { name: arReauth.confirm }).boundingBox();
		const cancel = await dialog(page).getByRole("button", { name: arReauth.cancel }).boundingBox();
		if (!confirm || !cancel) throw new Error("the dialog's buttons are not laid out");
		expect(confirm.x + confirm.width).toBeLessThanOrEqual(cancel.x);

		await expectAccessible(page);
		await screenshot(page, "reauth-dialog-ar");
	});
});
