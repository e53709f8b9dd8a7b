import type { Locator } from "@playwright/test";
import { ADMIN, expect, expectAccessible, loginAs, PASSWORD, screenshot, test } from "./fixtures.ts";

const uniqueWord = () => `zb${Math.random().toString(36).slice(2, 9)}`;

/** The name's first letter is inside its visible box: an ellipsis took the end, not the beginning. */
async function expectFirstLetterShown(name: Locator): Promise<void> {
	const shown = await name.evaluate((element) => {
		const text = element.firstChild as Text;
		const range = document.createRange();
		range.setStart(text, 0);
		range.setEnd(text, 1);
		const letter = range.getBoundingClientRect();
		const box = element.getBoundingClientRect();
		return letter.left >= box.left - 1 && letter.right <= box.right + 1;
	});
	expect(shown).toBe(true);
}

test("in Arabic a long Latin name shows its beginning, and its header sits over it", async ({ page, adminApi }) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.addInitScript(() => localStorage.setItem("lang", "ar"));
	const word = uniqueWord();
	const fullName = `Alexandra ${word} Wolfeschlegelsteinhausenbergerdorff Montgomery-Smithson`;
	await adminApi.createUser({ fullName });
	await loginAs(page, ADMIN.email, ADMIN.password, `/admin?q=${word}`);
	const name = page.getByTestId("user-row").first().locator(".truncated-text").first();
	await expect(name).toHaveText(fullName);
	await expect(name).toHaveAttribute("data-cut", "true");
	await expectFirstLetterShown(name);
	// The header's text and the name both start at the cell's right edge.
	const header = await page
		.getByRole("columnheader")
		.first()
		.evaluate((element) => {
			const range = document.createRange();
			range.selectNodeContents(element);
			return range.getBoundingClientRect().right;
		});
	const cell = await name.evaluate((element) => element.getBoundingClientRect().right);
	expect(Math.abs(header - cell)).toBeLessThanOrEqual(2);
	await expectAccessible(page);
	await screenshot(page, "names-bidi-admin-ar");
});

test("in Arabic the header's user menu shows the beginning of a long Latin name", async ({ page, adminApi }) => {
	await page.addInitScript(() => localStorage.setItem("lang", "ar"));
	const fullName = "Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff Montgomery";
	const user = await adminApi.createUser({ fullName });
	await loginAs(page, user.email, PASSWORD, "/");
	const name = page.getByTestId("user-menu").getByText(fullName);
	await expect(name).toBeVisible();
	await expectFirstLetterShown(name);
	await screenshot(page, "names-bidi-menu-ar");
});
