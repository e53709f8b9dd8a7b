import type { Page } from "@playwright/test";
import { expect, expectAccessible, PASSWORD, screenshot, test, uniqueEmail } from "./fixtures.ts";
import { rawMailWithLink, unfoldBody } from "./outbox.ts";

type Variant = "light" | "dark" | "ar";

/** A word no other test's users carry, so a search for it finds only this test's users (tests share a server). */
const uniqueWord = () => `zq${Math.random().toString(36).slice(2, 9)}`;

async function prepare(page: Page, variant: Variant) {
	await page.emulateMedia({ colorScheme: variant === "dark" ? "dark" : "light", reducedMotion: "reduce" });
	await page.addInitScript((v) => {
		localStorage.setItem("theme", v === "dark" ? "dark" : "light");
		localStorage.setItem("lang", v === "ar" ? "ar" : "en");
	}, variant);
}

const rows = (page: Page) => page.getByTestId("user-row");
const settled = (page: Page) => expect(page.getByTestId("users-table-body")).toHaveCSS("opacity", "1");

test("search and filters narrow the list, live in the URL, and survive a reload and Back", async ({
	page,
	adminApi,
}) => {
	const word = uniqueWord();
	await adminApi.signInAsNewAdmin(page, "/admin");
	await adminApi.createUser({ fullName: `Ada ${word}` });
	await adminApi.createUser({ fullName: `Bob ${word}`, isActive: false });
	await adminApi.createUser({ fullName: "Someone Else", email: `carol-${word}@example.com` });
	await expect(page.getByRole("heading", { name: "Users Management" })).toBeVisible();

	await page.getByTestId("user-search").fill(word.toUpperCase());
	await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toUpperCase()}`));
	await settled(page);
	await expect(rows(page)).toHaveCount(3);
	await expect(page.getByTestId("result-count")).toHaveText("3 users");

	await page.getByTestId("status-filter").click();
	await page.getByRole("option", { name: "Inactive" }).click();
	await expect(page).toHaveURL(/[?&]status=inactive/);
	await settled(page);
	await expect(rows(page)).toHaveCount(1);
	await expect(rows(page)).toContainText(`Bob ${word}`);
	await expect(page.getByTestId("result-count")).toHaveText("1 user");

	await page.reload();
	await expect(rows(page)).toHaveCount(1);
	await expect(rows(page)).toContainText(`Bob ${word}`);
	await expect(page.getByTestId("user-search")).toHaveValue(word.toUpperCase());
	await expect(page.getByTestId("status-filter")).toHaveText("Inactive");

	// Back undoes the filter, then the search.
	await page.goBack();
	await expect(page).not.toHaveURL(/status=/);
	await expect(rows(page)).toHaveCount(3);
	await page.goBack();
	await expect(page).not.toHaveURL(/[?&]q=/);
	await expect(page.getByTestId("user-search")).toHaveValue("");
});

test("a column header sorts the list, and says how", async ({ page, adminApi }) => {
	const word = uniqueWord();
	await adminApi.signInAsNewAdmin(page, "/admin");
	for (const name of ["Bravo", "Charlie", "Alpha"]) await adminApi.createUser({ fullName: `${name} ${word}` });
	await page.goto(`/admin?q=${word}`);
	await settled(page);
	const names = () => rows(page).locator("th").allTextContents();
	await expect.poll(names).toEqual([`Alpha ${word}`, `Charlie ${word}`, `Bravo ${word}`]);

	const header = page.getByRole("columnheader", { name: "Full name" });
	await expect(header).not.toHaveAttribute("aria-sort");
	await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "descending");
	await header.getByRole("button").click();
	await expect(page).toHaveURL(/[?&]sort=full_name/);
	await expect(header).toHaveAttribute("aria-sort", "ascending");
	await expect.poll(names).toEqual([`Alpha ${word}`, `Bravo ${word}`, `Charlie ${word}`]);
	await header.getByRole("button").click();
	await expect(page).toHaveURL(/[?&]sort=-full_name/);
	await expect(header).toHaveAttribute("aria-sort", "descending");
	await expect.poll(names).toEqual([`Charlie ${word}`, `Bravo ${word}`, `Alpha ${word}`]);
	await page.reload();
	await expect(header).toHaveAttribute("aria-sort", "descending");
});

test("no match shows `No users match`; Clear filters brings everyone back", async ({ page, adminApi }) => {
	await adminApi.signInAsNewAdmin(page, `/admin?q=${uniqueWord()}&role=superuser`);
	await expect(page.getByRole("heading", { name: "No users match" })).toBeVisible();
	await expect(page.getByTestId("result-count")).toHaveText("0 users");
	await expect(rows(page)).toHaveCount(0);
	await expectAccessible(page);
	await screenshot(page, "admin-no-match-light");
	await page.getByRole("button", { name: "Clear filters" }).click();
	await expect(page).not.toHaveURL(/[?&](q|role)=/);
	await expect(rows(page).first()).toBeVisible();
	await expect(page.getByTestId("user-search")).toHaveValue("");
	await expect(page.getByTestId("role-filter")).toHaveText("All roles");
});

test("an invitation: Add User without a password, the e-mailed link, a first login", async ({
	page,
	request,
	adminApi,
}) => {
	test.setTimeout(180_000);
	await adminApi.signInAsNewAdmin(page, "/admin");
	await page.getByTestId("add-user").click();
	const dialog = page.getByRole("dialog", { name: "Add User" });
	await dialog.getByRole("checkbox", { name: "Send an invitation instead of setting a password" }).click();
	await expect(dialog.getByTestId("password-input")).toHaveCount(0);
	await expect(dialog.getByTestId("confirm-password-input")).toHaveCount(0);
	await expect(dialog.getByRole("checkbox", { name: "Is active?" })).toBeChecked();
	const email = uniqueEmail("invited");
	await dialog.getByTestId("email-input").fill(email);
	await dialog.getByTestId("full-name-input").fill("Invited Person");
	await expectAccessible(page);
	await screenshot(page, "admin-invite-light");
	await dialog.getByRole("button", { name: "Save" }).click();
	await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
	await expect(dialog).toBeHidden();

	const unfolded = unfoldBody(await rawMailWithLink(email, "/reset-password"));
	expect(unfolded).toContain("Set your password");
	const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(unfolded)?.[0];

	// Until then, no password opens the account.
	const before = await request.post("/api/v1/login/access-token", { form: { username: email, password: PASSWORD } });
	expect(before.status()).toBe(400);

	// The invitee, in a browser of their own.
	const context = await page.context().browser()?.newContext();
	const invitee = await context?.newPage();
	if (!context || !invitee) throw new Error("no second browser context");
	await invitee.goto(link ?? "");
	const chosen = "my-first-password-1";
	await invitee.getByTestId("new-password-input").fill(chosen);
	await invitee.getByTestId("confirm-password-input").fill(chosen);
	// The welcome signs the invitee in with the password they chose (invitations-journey.spec.ts).
	await invitee.getByRole("button", { name: "Set password" }).click();
	await expect(invitee.getByTestId("user-menu")).toBeVisible();
	await context.close();
});

test("at 1280 px a 200-character name is cut, Actions stays in view, nothing scrolls sideways", async ({
	page,
	adminApi,
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	const word = uniqueWord();
	const longName = `${word} ${"Wolfeschlegelsteinhausenbergerdorff ".repeat(6)}`.slice(0, 200);
	await adminApi.signInAsNewAdmin(page, "/admin");
	const target = await adminApi.createUser({
		fullName: longName,
		email: `${word}-${"x".repeat(150)}@example.com`,
	});
	await page.goto(`/admin?q=${word}`);
	await settled(page);
	const row = rows(page).filter({ hasText: target.email });
	await expect(row.getByTestId("user-actions")).toBeInViewport({ ratio: 1 });
	const overflow = await page.evaluate(() => ({
		page: document.documentElement.scrollWidth - window.innerWidth,
		table: [...document.querySelectorAll(".users-table .rt-ScrollAreaViewport")].map(
			(el) => el.scrollWidth - el.clientWidth,
		),
	}));
	expect(overflow.page).toBeLessThanOrEqual(0);
	for (const table of overflow.table) expect(table).toBeLessThanOrEqual(0);
	for (const name of ["Role", "Status", "Actions"])
		await expect(page.getByRole("columnheader", { name })).toBeInViewport({ ratio: 1 });

	// The cut name: whole in its title, and whole on screen once it has the keyboard focus.
	const name = row.locator(".truncated-text").first();
	await expect(name).toHaveAttribute("title", longName);
	await expect(name).toHaveAttribute("data-cut", "true");
	const folded = (await name.boundingBox())?.height ?? 0;
	await name.focus();
	await expect.poll(async () => (await name.boundingBox())?.height ?? 0).toBeGreaterThan(folded * 2);
	await name.blur();
	await expect(row.getByTestId("verified-mark")).toHaveAccessibleName("E-mail verified");
	await screenshot(page, "admin-long-name-1280");
});

test("headers sit over their cells in Arabic (right-aligned, mirrored)", async ({ page, adminApi }) => {
	await prepare(page, "ar");
	await page.setViewportSize({ width: 1280, height: 800 });
	const word = uniqueWord();
	await adminApi.signInAsNewAdmin(page, "/admin");
	await adminApi.createUser({ fullName: `سارة ${word}` });
	await page.goto(`/admin?q=${word}`);
	await settled(page);
	await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
	const headerCells = page.getByRole("columnheader");
	const cells = rows(page).first().locator("th, td");
	const count = await headerCells.count();
	expect(count).toBe(6);
	// Where a cell's content starts: the right edge of its boxes (a cut text's box, not its hidden overflow).
	const contentRight = (el: Element) => {
		let right = Number.NEGATIVE_INFINITY;
		for (const child of el.childNodes) {
			const range = document.createRange();
			range.selectNode(child);
			const box = child instanceof Element ? child.getBoundingClientRect() : range.getBoundingClientRect();
			if (box.width > 0) right = Math.max(right, box.right);
		}
		return right;
	};
	for (let i = 0; i < count; i++) {
		const header = headerCells.nth(i);
		await expect(header).toHaveCSS("text-align", "start");
		const headerContent = await header.evaluate(contentRight);
		// In the Actions column, the menu's icon (its ghost button reaches past the icon on purpose).
		const cell = cells.nth(i);
		const cellContent =
			i === count - 1
				? await cell.locator("svg").evaluate((el) => el.getBoundingClientRect().right)
				: await cell.evaluate(contentRight);
		expect(Math.abs(headerContent - cellContent), `column ${i}`).toBeLessThanOrEqual(2);
	}
	// The first column is on the right.
	const first = await headerCells.first().boundingBox();
	const last = await headerCells.last().boundingBox();
	expect(first && last && first.x > last.x).toBe(true);
});

test("at 360 px each user is a card with everything the table says", async ({ page, adminApi }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	const word = uniqueWord();
	await adminApi.signInAsNewAdmin(page, "/admin");
	const target = await adminApi.createUser({
		fullName: `Phone ${word} ${"Long ".repeat(20)}`.trim(),
		isSuperuser: true,
	});
	await page.goto(`/admin?q=${word}`);
	await settled(page);
	await expect(page.getByRole("table")).toHaveCount(0);
	const card = rows(page).filter({ hasText: target.email });
	await expect(card).toContainText(`Phone ${word}`);
	await expect(card).toContainText("Superuser");
	await expect(card).toContainText("Active");
	await expect(card.getByTestId("user-actions")).toBeInViewport({ ratio: 1 });
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	// No headers to click on a phone: the sort is a menu.
	await page.getByTestId("sort-select").click();
	await page.getByRole("option", { name: "Name, A to Z" }).click();
	await expect(page).toHaveURL(/[?&]sort=full_name/);
});

for (const variant of ["light", "dark", "ar"] as const) {
	test(`the searched list is accessible and pictured, desktop and 360 px (${variant})`, async ({ page, adminApi }) => {
		test.setTimeout(180_000);
		await prepare(page, variant);
		const word = uniqueWord();
		await adminApi.signInAsNewAdmin(page, "/admin");
		await adminApi.createUser({ fullName: `Ada Lovelace ${word}` });
		await adminApi.createUser({ fullName: `Grace Hopper ${word}`, isActive: false });
		await adminApi.createUser({ fullName: null, email: `no-name-${word}@example.com`, isSuperuser: true });
		await page.goto(`/admin?q=${word}&sort=full_name`);
		await settled(page);
		await expect(rows(page)).toHaveCount(3);
		await expectAccessible(page);
		await screenshot(page, `admin-search-${variant}`);

		// Pictured only: an open select hides the rest of the page from screen readers (focus stays in it),
		// which axe reports about the controls behind it.
		await page.getByTestId("role-filter").click();
		await expect(page.getByRole("listbox")).toBeVisible();
		await screenshot(page, `admin-filter-open-${variant}`);
		await page.keyboard.press("Escape");

		await page.setViewportSize({ width: 360, height: 740 });
		await settled(page);
		await expect(page.getByRole("table")).toHaveCount(0);
		await expectAccessible(page);
		await screenshot(page, `admin-search-360-${variant}`);
	});
}
