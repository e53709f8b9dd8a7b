import type { Page, Route } from "@playwright/test";
import { ADMIN, expect, expectAccessible, loginAs, screenshot, signUpAndLogIn, test } from "./fixtures.ts";

/**
 * Holds the matching requests until `release()`: what the page shows meanwhile is what a
 * slow network shows, checked at leisure however slow the machine (no race with a timer).
 */
async function hold(page: Page, matcher: string | RegExp | ((url: URL) => boolean)) {
	let release = () => {};
	const gate = new Promise<void>((open) => {
		release = open;
	});
	await page.route(matcher, async (route: Route) => {
		await gate;
		await route.continue().catch(() => {
			// The page went away meanwhile.
		});
	});
	return release;
}
const isUserList = (url: URL) => url.pathname.startsWith("/trpc/") && url.pathname.includes("admin.list");
const isOtherCall = (url: URL) => url.pathname.startsWith("/trpc/") && !url.pathname.includes("admin.list");

/** Signed in as the first superuser, then a cold load of /admin (routing also turns the HTTP cache off). */
async function signedInAdmin(page: Page) {
	await loginAs(page, ADMIN.email, ADMIN.password);
	await expect(page.getByTestId("user-menu")).toBeVisible();
}
const coldAdmin = (page: Page) => page.goto("/admin", { waitUntil: "commit" });

test("a cold /admin on a slow API: header and menu at once, skeletons where the data will be", async ({ page }) => {
	await signedInAdmin(page);
	const releaseList = await hold(page, isUserList);
	const releaseOthers = await hold(page, isOtherCall);
	await coldAdmin(page);
	const header = page.locator("header.app-header");
	const nav = page.getByRole("navigation", { name: "Main navigation" });
	// Before any answer of the API: the frame is there and usable.
	await expect(header.getByRole("link", { name: "Portico" })).toBeVisible();
	await expect(header.getByRole("button", { name: /^Theme/ })).toBeVisible();
	await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
	await expect(page.getByTestId("user-menu-skeleton")).toBeVisible();
	await expect(page.getByTestId("content-skeleton")).toBeVisible();
	await expect(page.locator(".center-screen")).toHaveCount(0);
	await screenshot(page, "cold-admin-shell");

	// The user is known (and a superuser): the screen is drawn, its rows are skeletons until the list comes.
	releaseOthers();
	await expect(page.getByRole("heading", { name: "Users Management" })).toBeVisible();
	await expect(nav.getByRole("link", { name: "Admin" })).toBeVisible();
	await expect(page.getByTestId("users-skeleton")).toBeVisible();
	await screenshot(page, "cold-admin-rows-skeleton");
	releaseList();
	await expect(page.getByTestId("user-row").first()).toBeVisible();
	await expect(page.getByTestId("users-skeleton")).toHaveCount(0);
});

test("while the screen's code downloads, the frame shows already (not a blank page with a spinner)", async ({
	page,
}) => {
	await signedInAdmin(page);
	const release = await hold(page, /\/assets\/protected-layout-[^/]*\.js$/);
	await coldAdmin(page);
	const shell = page.getByTestId("loading-shell");
	await expect(shell).toBeVisible();
	await expect(shell.locator("header.app-header")).toContainText("Portico");
	await expect(shell.getByTestId("content-skeleton")).toBeVisible();
	await screenshot(page, "cold-admin-code-loading");
	release();
	await expect(page.getByRole("heading", { name: "Users Management" })).toBeVisible();
});

test("the public screens keep their own look while loading: no app frame on /login", async ({ page }) => {
	const release = await hold(page, /\/assets\/login-[^/]*\.js$/);
	await page.goto("/login", { waitUntil: "commit" });
	await expect(page.getByRole("status")).toBeVisible();
	await expect(page.locator("header.app-header")).toHaveCount(0);
	release();
	await expect(page.getByTestId("email-input")).toBeVisible();
});

test("the loading frame in Arabic at 360 px: mirrored, nothing sideways, accessible", async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.addInitScript(() => localStorage.setItem("lang", "ar"));
	await signedInAdmin(page);
	const release = await hold(page, "**/trpc/**");
	await coldAdmin(page);
	const header = page.locator("header.app-header");
	await expect(header.getByRole("link", { name: "Portico" })).toBeVisible();
	await expect(page.getByTestId("content-skeleton")).toBeVisible();
	await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
	// The menu button sits at the right edge in Arabic.
	const toggle = await header.getByRole("button").first().boundingBox();
	expect((toggle?.x ?? 0) + (toggle?.width ?? 0)).toBeGreaterThan(300);
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	await expectAccessible(page);
	await screenshot(page, "cold-admin-shell-ar-360");
	release();
});

/** Every script of the built app (the entry and its chunks); /first-paint.js is not one of them. */
const isAppScript = (url: URL) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js");
const background = (locator: ReturnType<Page["getByTestId"]>) =>
	locator.evaluate((element) => getComputedStyle(element).backgroundColor);

test("a cold /settings before any of the app's code has come: index.html's own shell, not a blank page", async ({
	page,
}) => {
	await signUpAndLogIn(page);
	const release = await hold(page, isAppScript);
	await page.goto("/settings", { waitUntil: "commit" });
	const shell = page.getByTestId("static-shell");
	await screenshot(page, "item1-cold-settings-light-en");
	await expect(shell).toBeVisible();
	await expect(shell).toContainText("Portico");
	await expect(shell.locator(".boot-sidebar")).toBeVisible();
	expect(await background(shell)).toBe("rgb(255, 255, 255)");
	release();
	await expect(page.getByRole("heading", { name: "User Settings" })).toBeVisible();
	await expect(shell).toHaveCount(0);
});

test("the static shell in Arabic and the dark theme at 360 px: mirrored, dark, accessible; only the page on /login", async ({
	page,
}) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.addInitScript(() => {
		localStorage.setItem("lang", "ar");
		localStorage.setItem("theme", "dark");
	});
	await signUpAndLogIn(page);
	const release = await hold(page, isAppScript);
	await page.goto("/settings", { waitUntil: "commit" });
	const shell = page.getByTestId("static-shell");
	await screenshot(page, "item1-cold-settings-dark-ar-360");
	await expect(shell).toBeVisible();
	await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
	expect(await background(shell)).toBe("rgb(17, 17, 19)");
	// The header's first block sits at the right edge in Arabic; no side menu at 360 px.
	const first = await shell.locator(".boot-header > *").first().boundingBox();
	expect((first?.x ?? 0) + (first?.width ?? 0)).toBeGreaterThan(320);
	await expect(shell.locator(".boot-sidebar")).toBeHidden();
	await expectAccessible(page);

	// Signed out, /login gets the page's colour alone: no app frame that would vanish.
	await page.evaluate(() => localStorage.removeItem("auth-storage"));
	await page.goto("/login", { waitUntil: "commit" });
	await expect(shell).toBeVisible();
	await expect(shell.locator(".boot-header")).toBeHidden();
	expect(await background(shell)).toBe("rgb(17, 17, 19)");
	release();
	await expect(page.getByTestId("email-input")).toBeVisible();
	await expect(shell).toHaveCount(0);
});
