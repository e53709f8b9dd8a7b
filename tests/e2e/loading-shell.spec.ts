import type { Page, Route } from "@playwright/test";
import { ADMIN, expect, expectAccessible, loginAs, screenshot, test } from "./fixtures.ts";

const slow = (ms: number) => async (route: Route) => {
	await new Promise((done) => setTimeout(done, ms));
	await route.continue().catch(() => {
		// The page went away meanwhile.
	});
};

/** Signed in as the first superuser, then a cold load of /admin (routing also turns the HTTP cache off). */
async function coldAdmin(page: Page, delays: { api?: number; layoutChunk?: number }) {
	await loginAs(page, ADMIN.email, ADMIN.password);
	await expect(page.getByTestId("user-menu")).toBeVisible();
	if (delays.api) await page.route("**/trpc/**", slow(delays.api));
	if (delays.layoutChunk) await page.route(/\/assets\/protected-layout-[^/]*\.js$/, slow(delays.layoutChunk));
	await page.goto("/admin", { waitUntil: "commit" });
}

test("a cold /admin on a slow API: header and menu at once, skeletons where the data will be", async ({ page }) => {
	await coldAdmin(page, { api: 2500 });
	const header = page.locator("header.app-header");
	const nav = page.getByRole("navigation", { name: "Main navigation" });
	// Well before the first answer (2.5 s): the frame is there and usable.
	await expect(header.getByRole("link", { name: "Portico" })).toBeVisible({ timeout: 2000 });
	await expect(header.getByRole("button", { name: /^Theme/ })).toBeVisible();
	await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
	await expect(page.getByTestId("user-menu-skeleton")).toBeVisible();
	await expect(page.getByTestId("content-skeleton")).toBeVisible();
	await expect(page.locator(".center-screen")).toHaveCount(0);
	await screenshot(page, "cold-admin-shell");

	// The user is known (and a superuser): the screen is drawn, its rows are skeletons until the list comes.
	await expect(page.getByRole("heading", { name: "Users Management" })).toBeVisible({ timeout: 5000 });
	await expect(nav.getByRole("link", { name: "Admin" })).toBeVisible();
	await expect(page.getByTestId("users-skeleton")).toBeVisible();
	await screenshot(page, "cold-admin-rows-skeleton");
	await expect(page.getByTestId("user-row").first()).toBeVisible({ timeout: 8000 });
	await expect(page.getByTestId("users-skeleton")).toHaveCount(0);
});

test("while the screen's code downloads, the frame shows already (not a blank page with a spinner)", async ({
	page,
}) => {
	await coldAdmin(page, { layoutChunk: 4000 });
	const shell = page.getByTestId("loading-shell");
	await expect(shell).toBeVisible({ timeout: 2000 });
	await expect(shell.locator("header.app-header")).toContainText("Portico");
	await expect(shell.getByTestId("content-skeleton")).toBeVisible();
	await screenshot(page, "cold-admin-code-loading");
	await expect(page.getByRole("heading", { name: "Users Management" })).toBeVisible({ timeout: 8000 });
});

test("the public screens keep their own look while loading: no app frame on /login", async ({ page }) => {
	await page.route(/\/assets\/login-[^/]*\.js$/, slow(1500));
	await page.goto("/login", { waitUntil: "commit" });
	await expect(page.getByRole("status")).toBeVisible();
	await expect(page.locator("header.app-header")).toHaveCount(0);
	await expect(page.getByTestId("email-input")).toBeVisible({ timeout: 8000 });
});

test("the loading frame in Arabic at 360 px: mirrored, nothing sideways, accessible", async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.addInitScript(() => localStorage.setItem("lang", "ar"));
	await coldAdmin(page, { api: 3000 });
	const header = page.locator("header.app-header");
	await expect(header.getByRole("link", { name: "Portico" })).toBeVisible({ timeout: 2000 });
	await expect(page.getByTestId("content-skeleton")).toBeVisible();
	await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
	// The menu button sits at the right edge in Arabic.
	const toggle = await header.getByRole("button").first().boundingBox();
	expect((toggle?.x ?? 0) + (toggle?.width ?? 0)).toBeGreaterThan(300);
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	await expectAccessible(page);
	await screenshot(page, "cold-admin-shell-ar-360");
});
