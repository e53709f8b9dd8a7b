import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
	ADMIN,
	createUserViaApi,
	expect,
	expectAccessible,
	fromAnotherAddress,
	loginAs,
	PASSWORD,
	screenshot,
	signUpAndLogIn,
	test,
} from "./fixtures.ts";
import { failedLoginsBefore } from "./server-db.ts";

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

async function openProfileEditor(page: Page) {
	await page.goto("/settings");
	await page.getByRole("button", { name: "Edit Profile" }).click();
	await expect(page.getByTestId("profile-form")).toBeVisible();
}

/** Types into a field and leaves it, so validation on blur runs. */
async function fillAndBlur(page: Page, testId: string, value: string) {
	await page.getByTestId(testId).fill(value);
	await page.getByTestId(testId).blur();
}

const field = (page: Page, testId: string) =>
	page.getByTestId(testId).locator("xpath=ancestor::div[contains(@class,'rt-Flex')][1]");

/** Nothing in the screen's own content sticks out sideways (the header is the layout's). */
async function expectNoSidewaysScroll(page: Page) {
	const wide = await page.evaluate(() =>
		[...document.querySelectorAll("main *")]
			.filter((el) => {
				const box = el.getBoundingClientRect();
				return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5);
			})
			.map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80)),
	);
	expect(wide).toEqual([]);
}

async function pngFile(name = "avatar.png") {
	const dir = mkdtempSync(join(tmpdir(), "portico-img-"));
	const path = join(dir, name);
	const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 128, b: 128 } } })
		.png()
		.toBuffer();
	writeFileSync(path, bytes);
	return path;
}

test.describe("settings: my profile", () => {
	test("shows the read-only view with the default tab and a page title", async ({ page }) => {
		const user = await signUpAndLogIn(page, { fullName: "Viewer Person" });
		await page.goto("/settings");
		await expect(page).toHaveTitle("User Settings - Portico");
		await expect(tab(page, "My profile")).toHaveAttribute("aria-selected", "true");
		await expect(page.getByTestId("profile-full-name")).toHaveText("Viewer Person");
		await expect(page.getByTestId("profile-email")).toHaveText(user.email);
		await expect(page.getByTestId("profile-age")).toHaveText("Not set");
		await expect(page.getByRole("button", { name: "Edit Profile" })).toBeVisible();
	});

	test("validates on blur at both sides of every bound and lists each failure", async ({ page }) => {
		await signUpAndLogIn(page);
		await openProfileEditor(page);
		const save = page.getByRole("button", { name: "Save Changes" });
		await expect(save).toBeDisabled();

		for (const [value, ok] of [
			["12", false],
			["13", true],
			["120", true],
			["121", false],
		] as const) {
			await fillAndBlur(page, "age-input", value);
			const message = field(page, "age-input").getByText("Age must be between 13 and 120");
			if (ok) await expect(message).toHaveCount(0);
			else await expect(message).toBeVisible();
		}
		await fillAndBlur(page, "height-input", "49.9");
		await expect(field(page, "height-input").getByText("Height must be between 50 and 300 cm")).toBeVisible();
		await fillAndBlur(page, "height-input", "300.1");
		await expect(field(page, "height-input").getByText("Height must be between 50 and 300 cm")).toBeVisible();
		await fillAndBlur(page, "height-input", "170.25");
		await expect(field(page, "height-input").getByText("Use at most one decimal")).toBeVisible();
		await fillAndBlur(page, "weight-input", "19.9");
		await expect(field(page, "weight-input").getByText("Weight must be between 20 and 500 kg")).toBeVisible();
		await fillAndBlur(page, "weight-input", "500.1");
		await expect(field(page, "weight-input").getByText("Weight must be between 20 and 500 kg")).toBeVisible();
		await fillAndBlur(page, "phone-input", "call me");
		await expect(field(page, "phone-input").getByText("Please enter a valid phone number")).toBeVisible();
		await fillAndBlur(page, "full-name-input", "x".repeat(31));
		await expect(field(page, "full-name-input").getByText("Must be no more than 30 characters")).toBeVisible();
		await fillAndBlur(page, "full-name-input", "x".repeat(30));
		await expect(field(page, "full-name-input").getByText("Must be no more than 30 characters")).toHaveCount(0);
		await fillAndBlur(page, "email-input", "not-an-email");
		await expect(field(page, "email-input").getByText("Invalid email address")).toBeVisible();
		await fillAndBlur(page, "email-input", "");
		await expect(field(page, "email-input").getByText("Email is required")).toBeVisible();
		await expect(save).toBeDisabled();
		await expectAccessible(page);
	});

	test("saves the user then the profile, back to the view; Cancel resets", async ({ page }) => {
		await signUpAndLogIn(page, { fullName: "Before Save" });
		await openProfileEditor(page);
		await page.getByTestId("full-name-input").fill("After Save");
		await page.getByTestId("age-input").fill("42");
		await page.getByTestId("gender-select").click();
		await page.getByRole("option", { name: "Prefer not to say" }).click();
		await page.getByTestId("height-input").fill("180.5");
		await page.getByTestId("weight-input").fill("75.2");
		await page.getByTestId("phone-input").fill("+1 (555) 123-4567");
		const events: string[] = [];
		const procedureOf = (url: string) => {
			const path = new URL(url).pathname;
			return ["users.updateMe", "profile.update"].find((name) => path.includes(name));
		};
		page.on("request", (r) => {
			const name = procedureOf(r.url());
			if (name) events.push(`start ${name}`);
		});
		page.on("requestfinished", (r) => {
			const name = procedureOf(r.url());
			if (name) events.push(`end ${name}`);
		});
		await page.getByRole("button", { name: "Save Changes" }).click();
		await expect(page.getByText("Profile updated successfully.")).toBeVisible();
		// The user is saved first and the profile only once that has answered (never batched together).
		await expect
			.poll(() => events)
			.toEqual(["start users.updateMe", "end users.updateMe", "start profile.update", "end profile.update"]);
		await expect(page.getByTestId("profile-view")).toBeVisible();
		await expect(page.getByTestId("profile-full-name")).toHaveText("After Save");
		await expect(page.getByTestId("profile-age")).toHaveText("42");
		await expect(page.getByTestId("profile-gender")).toHaveText("Prefer not to say");
		await expect(page.getByTestId("profile-height")).toHaveText("180.5");
		await expect(page.getByTestId("profile-weight")).toHaveText("75.2");
		await expect(page.getByTestId("profile-phone")).toHaveText("+1 (555) 123-4567");
		await expect(page.getByTestId("user-menu")).toContainText("After Save");

		// Only the name: the user part alone is saved.
		await page.getByRole("button", { name: "Edit Profile" }).click();
		await page.getByTestId("full-name-input").fill("Only Name");
		await page.getByRole("button", { name: "Save Changes" }).click();
		await expect(page.getByText("User information updated successfully.")).toBeVisible();
		await expect(page.getByTestId("profile-full-name")).toHaveText("Only Name");

		// Cancel drops the edits.
		await page.getByRole("button", { name: "Edit Profile" }).click();
		await page.getByTestId("age-input").fill("99");
		await expect(page.getByRole("button", { name: "Save Changes" })).toBeEnabled();
		await page.getByRole("button", { name: "Cancel" }).click();
		await expect(page.getByTestId("profile-age")).toHaveText("42");
		await page.reload();
		await expect(page.getByTestId("profile-age")).toHaveText("42");
	});

	test("uploads an image with progress and preview, then removes it", async ({ page }) => {
		await signUpAndLogIn(page);
		await openProfileEditor(page);
		// Hold the upload a moment so its progress state can be seen.
		await page.route("**/api/v1/media/upload", async (route) => {
			await new Promise((resolve) => setTimeout(resolve, 1200));
			await route.continue();
		});
		await page.getByTestId("profile-image-input").setInputFiles(await pngFile());
		await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
		await expect(page.getByText("Image uploaded successfully")).toBeVisible();
		await expect(page.getByText("Profile image updated successfully")).toBeVisible();
		await expect(page.getByRole("progressbar")).toHaveCount(0);
		const preview = page.getByTestId("profile-image-field").locator("img");
		await expect(preview).toHaveAttribute("src", /\/api\/v1\/media\/serve\/user\/[^/]+\/[0-9a-f]{32}$/);
		const src = (await preview.getAttribute("src")) ?? "";
		expect((await page.request.get(src)).status()).toBe(200);
		// The header's avatar follows at once.
		await expect(page.getByTestId("user-menu").locator("img")).toHaveAttribute("src", src);
		// Saved at once: the form stays clean and the view shows it after Cancel.
		await expect(page.getByRole("button", { name: "Save Changes" })).toBeDisabled();
		await page.getByRole("button", { name: "Cancel" }).click();
		await expect(page.getByTestId("profile-view").locator("img")).toHaveAttribute("src", src);
		await screenshot(page, "settings-profile-with-image");

		await page.getByRole("button", { name: "Edit Profile" }).click();
		// Removal asks first; Cancel keeps the image.
		await page.getByRole("button", { name: "Remove image" }).click();
		const confirm = page.getByRole("alertdialog", { name: "Remove the profile image?" });
		await confirm.getByRole("button", { name: "Cancel" }).click();
		await expect(confirm).toBeHidden();
		expect((await page.request.get(src)).status()).toBe(200);
		await page.getByRole("button", { name: "Remove image" }).click();
		await confirm.getByRole("button", { name: "Remove image" }).click();
		await expect(page.getByText("Profile image removed successfully")).toBeVisible();
		await expect(page.getByTestId("profile-image-field").locator("img")).toHaveCount(0);
		expect((await page.request.get(src)).status()).toBe(404);
		await expect(page.getByTestId("user-menu").locator("img")).toHaveCount(0);
		await page.reload();
		await expect(page.getByText("No image yet")).toBeVisible();
	});

	test("shows the server's refusal of a file that only looks like an image", async ({ page }) => {
		await signUpAndLogIn(page);
		await openProfileEditor(page);
		await page.getByTestId("profile-image-input").setInputFiles({
			name: "fake.png",
			mimeType: "image/png",
			buffer: Buffer.from("these bytes are not a png"),
		});
		await expect(page.getByText(/^Failed to upload image: .+/)).toBeVisible();
		await expect(page.getByTestId("upload-error")).not.toBeEmpty();
		await expect(page.getByTestId("profile-image-field").locator("img")).toHaveCount(0);
	});

	test("refuses a non-image file before uploading", async ({ page }) => {
		await signUpAndLogIn(page);
		await openProfileEditor(page);
		let uploads = 0;
		page.on("request", (request) => {
			if (request.url().includes("/api/v1/media/upload")) uploads++;
		});
		await page.getByTestId("profile-image-input").setInputFiles({
			name: "notes.txt",
			mimeType: "text/plain",
			buffer: Buffer.from("not an image"),
		});
		await expect(page.getByTestId("upload-error")).toHaveText(
			"Please select an image file (.jpg, .jpeg, .png, .gif, .webp)",
		);
		expect(uploads).toBe(0);
	});
});

test.describe("settings: password, appearance, danger zone", () => {
	test("changes the password: wrong current one refused, then success, then login with the new one", async ({
		page,
		clientIp,
	}) => {
		const user = await signUpAndLogIn(page);
		// So the wrong password below brings the longest back-off, not one a slow machine outlasts.
		failedLoginsBefore(user.email, clientIp);
		await page.goto("/settings?tab=password");
		await expect(tab(page, "Password")).toHaveAttribute("aria-selected", "true");
		await page.getByRole("button", { name: "Save" }).click();
		await expect(page.getByText("Password confirmation is required")).toBeVisible();
		// Current and new password are required too, each under its own field.
		for (const id of ["current-password-input", "new-password-input"]) {
			await expect(page.getByTestId(id)).toHaveAttribute("aria-invalid", "true");
			await expect(field(page, id)).toContainText("This field is required");
		}
		await expect(page.getByText("This field is required")).toHaveCount(2);

		await page.getByTestId("current-password-input").fill("wrong-password-1");
		await page.getByTestId("new-password-input").fill("brand-new-pass-1");
		await page.getByTestId("confirm-password-input").fill("brand-new-pass-2");
		await page.getByTestId("confirm-password-input").blur();
		await expect(page.getByText("The passwords do not match")).toBeVisible();
		await page.getByTestId("confirm-password-input").fill("brand-new-pass-1");
		await page.getByRole("button", { name: "Save" }).click();
		await expect(page.getByText("Something went wrong!")).toBeVisible();
		// In the toast and under the field.
		await expect(page.locator("[data-sonner-toast]").getByText("Incorrect password")).toBeVisible();
		await expect(page.getByRole("tabpanel").getByText("Incorrect password")).toBeVisible();

		// A wrong current password brings the login back-off: the next try from this address is refused.
		await page.getByTestId("current-password-input").fill(user.password);
		await page.getByRole("button", { name: "Save" }).click();
		await expect(page.getByText("Rate limit exceeded, please try again later")).toBeVisible();
		// The back-off is per address: from another, the right password goes through.
		await fromAnotherAddress(page);
		await page.getByRole("button", { name: "Save" }).click();
		await expect(page.getByText("Password updated successfully.")).toBeVisible();
		await expect(page.getByTestId("current-password-input")).toHaveValue("");
		await expect(page.getByTestId("new-password-input")).toHaveValue("");

		await page.getByTestId("user-menu").click();
		await page.getByRole("menuitem", { name: "Logout" }).click();
		await expect(page).toHaveURL(/\/login$/);
		await page.getByTestId("email-input").fill(user.email);
		await page.getByTestId("password-input").fill("brand-new-pass-1");
		await page.getByRole("button", { name: "Log In" }).click();
		await expect(page.getByText("Logged in successfully!")).toBeVisible();
		await expect(page).toHaveURL(/\/$/);
	});

	test("dark appearance applies at once and survives a reload", async ({ page }) => {
		await signUpAndLogIn(page);
		await page.goto("/settings?tab=appearance");
		await page.getByRole("radio", { name: "Dark" }).click();
		await expect(page.getByText("Theme changed to dark mode")).toBeVisible();
		await expect(page.locator("html")).toHaveClass(/\bdark\b/);
		await page.reload();
		await expect(page.locator("html")).toHaveClass(/\bdark\b/);
		await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
		await page.getByRole("radio", { name: "Light" }).click();
		await expect(page.locator("html")).toHaveClass(/\blight\b/);
		await page.getByRole("radio", { name: "System (auto)" }).focus();
		await page.keyboard.press("Space");
		await expect(page.getByText("Theme changed to system mode")).toBeVisible();
	});

	test("the danger zone is shown to a normal user and hidden from a superuser", async ({ page }) => {
		await signUpAndLogIn(page);
		await page.goto("/settings");
		await tab(page, "Danger zone").click();
		await expect(page).toHaveURL(/tab=danger-zone/);
		await expect(page.getByTestId("danger-zone-notice")).toContainText("Account deletion is coming soon.");
		await expect(page.getByTestId("danger-zone-notice")).toContainText("contact support");

		await page.evaluate(() => localStorage.clear());
		await loginAs(page, ADMIN.email, ADMIN.password, "/settings?tab=danger-zone");
		await expect(tab(page, "My profile")).toHaveAttribute("aria-selected", "true");
		await expect(tab(page, "Password")).toBeVisible();
		await expect(tab(page, "Danger zone")).toHaveCount(0);
	});

	test("tabs work from the keyboard with a visible focus", async ({ page }) => {
		await signUpAndLogIn(page);
		await page.goto("/settings");
		await tab(page, "My profile").focus();
		await page.keyboard.press("ArrowRight");
		await expect(tab(page, "Password")).toBeFocused();
		await expect(tab(page, "Password")).toHaveAttribute("aria-selected", "true");
		const outline = await tab(page, "Password").evaluate((el) => {
			const style = getComputedStyle(el);
			const before = getComputedStyle(el, "::before");
			return `${style.outlineStyle} ${style.boxShadow} ${before.boxShadow} ${before.outlineStyle}`;
		});
		expect(outline).not.toBe("none none none none");
	});
});

const tabs = [
	["my-profile", "My profile"],
	["password", "Password"],
	["security", "Security"],
	["sessions", "Sessions"],
	["appearance", "Appearance"],
	["danger-zone", "Danger zone"],
] as const;

for (const variant of ["light", "dark", "ar"] as const) {
	test(`every settings tab is accessible and pictured (${variant})`, async ({ page, request }) => {
		test.setTimeout(180_000);
		await page.addInitScript((v) => {
			localStorage.setItem("theme", v === "dark" ? "dark" : "light");
			localStorage.setItem("lang", v === "ar" ? "ar" : "en");
		}, variant);
		const user = await createUserViaApi(request, { fullName: "Screen Shot" });
		await loginAs(page, user.email, PASSWORD, "/settings");
		for (const [key] of tabs) {
			await page.goto(`/settings${key === "my-profile" ? "" : `?tab=${key}`}`);
			await expect(page.getByRole("tabpanel")).toBeVisible();
			if (key === "my-profile") await expect(page.getByTestId("profile-view")).toBeVisible();
			await expectAccessible(page);
			await screenshot(page, `settings-${key}-${variant}`);
		}
		await page.goto("/settings");
		await page.getByTestId("profile-view").getByRole("button").click();
		await page.getByTestId("age-input").fill("12");
		await page.getByTestId("age-input").blur();
		await expectAccessible(page);
		await screenshot(page, `settings-my-profile-edit-${variant}`);
		if (variant === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
	});
}

test("settings fit a 360 px wide screen", async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await signUpAndLogIn(page);
	await openProfileEditor(page);
	await screenshot(page, "settings-my-profile-edit-360");
	await expectNoSidewaysScroll(page);
});
