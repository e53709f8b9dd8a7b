import type { Page } from "@playwright/test";
import { type AdminApi, expect, expectAccessible, screenshot, test, uniqueEmail } from "./fixtures.ts";

/** A fresh superuser logged in on /admin (parallel tests add users, so its row may be past page 1: use showRow). */
async function asNewAdmin(page: Page, adminApi: AdminApi) {
	const me = await adminApi.signInAsNewAdmin(page, "/admin");
	await expect(page.getByRole("heading", { name: "Users Management" })).toBeVisible();
	return me;
}

const rowOf = (page: Page, email: string) => page.getByTestId("user-row").filter({ hasText: email });

/** Opens the page of the list that shows `email` (the list is newest first, shared by parallel tests). */
async function showRow(page: Page, email: string) {
	for (let p = 1; p <= 50; p++) {
		await page.goto(`/admin?page=${p}`);
		await expect(page.getByTestId("users-table-body")).toHaveCSS("opacity", "1");
		if ((await rowOf(page, email).count()) > 0) return rowOf(page, email);
		if ((await page.getByTestId("user-row").count()) === 0) break;
	}
	throw new Error(`no row for ${email}`);
}

async function openAction(page: Page, email: string, item: string) {
	const row = await showRow(page, email);
	await row.getByTestId("user-actions").click();
	await page.getByRole("menuitem", { name: item }).click();
	return row;
}

test("lists users with the columns, a 'You' badge and a disabled own menu", async ({ page, adminApi }) => {
	const me = await asNewAdmin(page, adminApi);
	const other = await adminApi.createUser({ fullName: null });
	await expect(page).toHaveTitle("Users Management - Portico");
	const headersText = await page.getByRole("columnheader").allTextContents();
	expect(headersText).toEqual(["Full name", "Email", "Created", "Role", "Status", "Actions"]);

	const mine = await showRow(page, me.email);
	await expect(mine.getByTestId("you-badge")).toHaveText("You");
	await expect(mine).toContainText("Superuser");
	await expect(mine).toContainText("Active");
	await expect(mine.getByTestId("user-actions")).toBeDisabled();

	const theirs = await showRow(page, other.email);
	await expect(theirs.getByTestId("you-badge")).toHaveCount(0);
	await expect(theirs).toContainText("User");
	await expect(theirs.getByTestId("user-actions")).toBeEnabled();
	await page.goto("/admin");
	await expect(page.getByTestId("user-row").first()).toBeVisible();
	expect(await page.getByTestId("user-row").count()).toBeLessThanOrEqual(5);
});

test("adds a user: Save disabled until valid, defaults off, list reloads", async ({ page, adminApi }) => {
	await asNewAdmin(page, adminApi);
	await page.getByRole("button", { name: "Add User" }).click();
	const dialog = page.getByRole("dialog", { name: "Add User" });
	const save = dialog.getByRole("button", { name: "Save" });
	await expect(save).toBeDisabled();
	await expect(dialog.getByRole("checkbox", { name: "Is superuser?" })).not.toBeChecked();
	await expect(dialog.getByRole("checkbox", { name: "Is active?" })).not.toBeChecked();

	const email = uniqueEmail("added");
	await dialog.getByTestId("email-input").fill("not-an-email");
	await dialog.getByTestId("email-input").blur();
	await expect(dialog.getByText("Invalid email address")).toBeVisible();
	await dialog.getByTestId("email-input").fill(email);
	await dialog.getByTestId("full-name-input").fill("Added Person");
	await dialog.getByTestId("password-input").fill("short");
	await dialog.getByTestId("password-input").blur();
	await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();
	await dialog.getByTestId("password-input").fill("long-enough-1");
	await dialog.getByTestId("confirm-password-input").fill("long-enough-2");
	await dialog.getByTestId("confirm-password-input").blur();
	await expect(dialog.getByText("The passwords do not match")).toBeVisible();
	await expect(save).toBeDisabled();
	await dialog.getByTestId("confirm-password-input").fill("long-enough-1");
	await dialog.getByRole("checkbox", { name: "Is active?" }).click();
	await expect(save).toBeEnabled();
	await expectAccessible(page);
	await screenshot(page, "admin-add-user-light");
	await save.click();
	await expect(page.getByText("User created successfully.")).toBeVisible();
	await expect(dialog).toBeHidden();
	const row = await showRow(page, email);
	await expect(row).toContainText("Added Person");
	await expect(row).toContainText("Active");
});

test("edits a user: e-mail required, then saved", async ({ page, adminApi }) => {
	await asNewAdmin(page, adminApi);
	const target = await adminApi.createUser({ fullName: "Old Name" });
	await openAction(page, target.email, "Edit User");
	const dialog = page.getByRole("dialog", { name: "Edit User" });
	await expect(dialog.getByTestId("email-input")).toHaveValue(target.email);
	await dialog.getByTestId("email-input").fill("");
	await dialog.getByTestId("email-input").blur();
	await expect(dialog.getByText("Email is required")).toBeVisible();
	const email = uniqueEmail("edited");
	await dialog.getByTestId("email-input").fill(email);
	await dialog.getByTestId("full-name-input").fill("New Name");
	await dialog.getByRole("checkbox", { name: "Is superuser?" }).click();
	await expectAccessible(page);
	await screenshot(page, "admin-edit-user-light");
	await dialog.getByRole("button", { name: "Save" }).click();
	await expect(page.getByText("User updated successfully.")).toBeVisible();
	await expect(dialog).toBeHidden();
	const row = await showRow(page, email);
	await expect(row).toContainText("New Name");
	await expect(row).toContainText("Superuser");
});

test("deactivates a user after a confirmation (Cancel keeps them active) and activates them at once", async ({
	page,
	adminApi,
}) => {
	await asNewAdmin(page, adminApi);
	const target = await adminApi.createUser({ fullName: "Soon Deactivated" });
	await openAction(page, target.email, "Deactivate");
	const dialog = page.getByRole("alertdialog", { name: "Deactivate Soon Deactivated?" });
	await expect(dialog).toContainText("Soon Deactivated will be signed out everywhere");
	await dialog.getByRole("button", { name: "Cancel" }).click();
	await expect(dialog).toBeHidden();
	await expect(rowOf(page, target.email).getByTestId("user-actions")).toBeFocused();
	await expect(rowOf(page, target.email)).not.toContainText("Inactive");
	await rowOf(page, target.email).getByTestId("user-actions").click();
	await page.getByRole("menuitem", { name: "Deactivate" }).click();
	await dialog.getByRole("button", { name: "Deactivate" }).click();
	await expect(page.getByText("User updated successfully.")).toBeVisible();
	await expect(rowOf(page, target.email)).toContainText("Inactive");
	await rowOf(page, target.email).getByTestId("user-actions").click();
	await page.getByRole("menuitem", { name: "Activate" }).click();
	await expect(rowOf(page, target.email)).not.toContainText("Inactive");
	await expect(rowOf(page, target.email)).toContainText("Active");
});

test("deletes a user after the confirm dialog; Cancel keeps them", async ({ page, adminApi }) => {
	await asNewAdmin(page, adminApi);
	const named = await adminApi.createUser({ fullName: "Doomed Person" });
	const unnamed = await adminApi.createUser({ fullName: null });

	await openAction(page, unnamed.email, "Delete User");
	const dialog = page.getByRole("alertdialog");
	await expect(dialog).toContainText(`Are you sure you want to delete ${unnamed.email}? This action cannot be undone.`);
	await dialog.getByRole("button", { name: "Cancel" }).click();
	await expect(dialog).toBeHidden();
	await expect(rowOf(page, unnamed.email)).toHaveCount(1);

	await openAction(page, named.email, "Delete User");
	await expect(dialog).toContainText("Are you sure you want to delete Doomed Person? This action cannot be undone.");
	await expectAccessible(page);
	await screenshot(page, "admin-delete-user-light");
	await dialog.getByRole("button", { name: "Delete" }).click();
	await expect(page.getByText("User deleted successfully.")).toBeVisible();
	await expect(dialog).toBeHidden();
	await expect(rowOf(page, named.email)).toHaveCount(0);
	// The page stays usable after the dialogs closed.
	await page.getByRole("button", { name: "Add User" }).click();
	await expect(page.getByRole("dialog", { name: "Add User" })).toBeVisible();
});

test("paginates by five, ?page=abc falls back to 1, old rows dim while the next page loads", async ({
	page,
	adminApi,
}) => {
	await asNewAdmin(page, adminApi);
	for (let i = 0; i < 6; i++) await adminApi.createUser({ fullName: `Pager ${i}` });
	await page.goto("/admin?page=abc");
	await expect(page.getByTestId("user-row")).toHaveCount(5);
	const nav = page.getByRole("navigation", { name: "Pagination" });
	await expect(nav).toBeVisible();
	await expect(nav.getByRole("button", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
	await expect(nav.getByRole("button", { name: "Previous" })).toBeDisabled();

	// Hold page 2's answer so the placeholder state can be seen.
	let release: () => void = () => {};
	const held = new Promise<void>((resolve) => {
		release = resolve;
	});
	await page.route(
		(url) => url.pathname.includes("admin.list") && decodeURIComponent(url.search).includes('"skip":5'),
		async (route) => {
			await held;
			await route.continue();
		},
	);
	const firstPage = await page.getByTestId("user-row").allTextContents();
	await nav.getByRole("button", { name: "Next" }).click();
	await expect(page).toHaveURL(/[?&]page=2\b/);
	const body = page.getByTestId("users-table-body");
	await expect(body).toHaveCSS("opacity", "0.5");
	expect(await page.getByTestId("user-row").allTextContents()).toEqual(firstPage);
	release();
	await expect(body).toHaveCSS("opacity", "1");
	expect(await page.getByTestId("user-row").allTextContents()).not.toEqual(firstPage);
	await expect(nav.getByRole("button", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
	await nav.getByRole("button", { name: "Previous" }).click();
	await expect(page).toHaveURL(/[?&]page=1\b/);
});

test("the pagination is hidden when one page holds everyone", async ({ page, adminApi }) => {
	await asNewAdmin(page, adminApi);
	// Answer the list as if only three users existed.
	await page.route(
		(url) => url.pathname.includes("admin.list"),
		async (route) => {
			const response = await route.fetch();
			const json = (await response.json()) as { result: { data: unknown } }[];
			const procedures = new URL(route.request().url()).pathname.replace("/trpc/", "").split(",");
			const list = json[procedures.indexOf("admin.list")]?.result.data as { data: unknown[]; count: number };
			list.data = list.data.slice(0, 3);
			list.count = 3;
			await route.fulfill({ response, json });
		},
	);
	await page.reload();
	await expect(page.getByTestId("user-row")).toHaveCount(3);
	await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
});

test("shows the empty state when the list has no users", async ({ page, adminApi }) => {
	await asNewAdmin(page, adminApi);
	await page.route(
		(url) => url.pathname.includes("admin.list"),
		async (route) => {
			const response = await route.fetch();
			const json = (await response.json()) as { result: { data: unknown } }[];
			const procedures = new URL(route.request().url()).pathname.replace("/trpc/", "").split(",");
			const at = procedures.indexOf("admin.list");
			if (json[at]) json[at].result.data = { data: [], count: 0 };
			await route.fulfill({ response, json });
		},
	);
	await page.reload();
	await expect(page.getByText("No users found.")).toBeVisible();
	await expect(page.getByTestId("user-row")).toHaveCount(0);
});

test("the actions menu works from the keyboard", async ({ page, adminApi }) => {
	await asNewAdmin(page, adminApi);
	const target = await adminApi.createUser({ fullName: "Keyboard Target" });
	const row = await showRow(page, target.email);
	await row.getByTestId("user-actions").focus();
	await page.keyboard.press("Enter");
	await expect(page.getByRole("menuitem", { name: "Edit User" })).toBeFocused();
	await page.keyboard.press("Enter");
	const dialog = page.getByRole("dialog", { name: "Edit User" });
	await expect(dialog).toBeVisible();
	await expect(dialog.getByTestId("email-input")).toBeFocused();
	await page.keyboard.press("Escape");
	await expect(dialog).toBeHidden();
	await expect(row.getByTestId("user-actions")).toBeFocused();
});

test("at 360 px the users are cards, and nothing scrolls sideways", async ({ page, adminApi }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await asNewAdmin(page, adminApi);
	await expect(page.getByTestId("user-row").first()).toBeVisible();
	await expect(page.getByRole("table")).toHaveCount(0);
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	await expect(page.getByTestId("user-row").first().getByTestId("user-actions")).toBeInViewport();
	await expect(page.getByRole("button", { name: "Add User" })).toBeInViewport();
	await screenshot(page, "admin-360");
});

for (const variant of ["light", "dark", "ar"] as const) {
	test(`the admin screen is accessible and pictured (${variant})`, async ({ page, adminApi }) => {
		test.setTimeout(180_000);
		await page.addInitScript((v) => {
			localStorage.setItem("theme", v === "dark" ? "dark" : "light");
			localStorage.setItem("lang", v === "ar" ? "ar" : "en");
		}, variant);
		const me = await adminApi.signInAsNewAdmin(page, "/admin");
		// Parallel tests add users, so the own row may be on a later page: open the page that shows it.
		const mine = await showRow(page, me.email);
		await expect(mine.getByTestId("you-badge")).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, `admin-${variant}`);
		await page
			.getByTestId("user-row")
			.filter({ hasNot: page.getByTestId("you-badge") })
			.first()
			.getByTestId("user-actions")
			.click();
		await expect(page.getByRole("menu")).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, `admin-menu-${variant}`);
		await page.keyboard.press("Escape");
		// A click while the menu is still closing is swallowed: wait for it to go.
		await expect(page.getByRole("menu")).toHaveCount(0);
		await page.getByTestId("add-user").click();
		await expect(page.getByRole("dialog")).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, `admin-add-user-${variant}`);
	});
}
