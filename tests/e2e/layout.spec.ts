import sharp from "sharp";
import { ADMIN, expect, loginAs, signUpAndLogIn, test, uniqueEmail } from "./fixtures.ts";

test.describe("protected layout", () => {
	test("header, side menu and user menu for an ordinary user", async ({ page }) => {
		const user = await signUpAndLogIn(page, { fullName: "Ordinary Person" });
		await expect(page).toHaveTitle("Dashboard - Portico");
		await expect(page.getByRole("heading", { name: "Hi, Ordinary Person" })).toBeVisible();

		const header = page.locator("header.app-header");
		expect((await header.boundingBox())?.height).toBe(60);
		const sidebar = page.locator("aside.app-sidebar");
		expect((await sidebar.boundingBox())?.width).toBe(300);

		const nav = page.getByRole("navigation", { name: "Main navigation" });
		await expect(nav.getByRole("link")).toHaveText(["Dashboard", "User Settings"]);
		await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

		const menu = page.getByTestId("user-menu");
		await expect(menu).toContainText("Ordinary Person");
		await expect(menu.getByTestId("user-avatar")).toHaveText("O");
		// A user with a full name is shown by name, not by e-mail.
		await expect(menu).not.toContainText(user.email);
		await menu.click();
		await expect(page.getByRole("menu")).toContainText("Account");
		await expect(page.getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/settings");
		await page.getByRole("menuitem", { name: "Settings" }).click();
		await expect(page).toHaveURL(/\/settings$/);
		await expect(nav.getByRole("link", { name: "User Settings" })).toHaveAttribute("aria-current", "page");
	});

	test("a user without a full name is greeted by e-mail", async ({ page, request }) => {
		const email = uniqueEmail("noname");
		const response = await request.post("/api/v1/users/signup", { data: { email, password: "no-name-password-1" } });
		expect(response.ok()).toBe(true);
		await loginAs(page, email, "no-name-password-1");
		await expect(page.getByRole("heading", { name: `Hi, ${email}` })).toBeVisible();
		await expect(page.getByTestId("user-menu")).toContainText(email);
		await expect(page.getByTestId("user-avatar")).toHaveText("N");
	});

	test("a superuser sees Admin in the side menu", async ({ page }) => {
		await loginAs(page, ADMIN.email, ADMIN.password);
		const nav = page.getByRole("navigation", { name: "Main navigation" });
		await expect(nav.getByRole("link")).toHaveText([
			"Dashboard",
			"User Settings",
			"Admin",
			"Audit log",
			"Sign-in providers",
		]);
		await nav.getByRole("link", { name: "Admin" }).click();
		await expect(page).toHaveURL(/\/admin$/);
	});

	test("the menu toggle hides and shows the side menu on a wide screen", async ({ page }) => {
		await signUpAndLogIn(page);
		const toggle = page.getByRole("button", { name: "Toggle menu" });
		await expect(page.locator("aside.app-sidebar")).toBeVisible();
		await toggle.click();
		await expect(page.locator("aside.app-sidebar")).toBeHidden();
		await expect(toggle).toHaveAttribute("aria-expanded", "false");
		await toggle.click();
		await expect(page.locator("aside.app-sidebar")).toBeVisible();
	});

	test("at 360 px the side menu is a drawer", async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await signUpAndLogIn(page, { fullName: "Narrow Screen" });
		await expect(page.locator("aside.app-sidebar")).toBeHidden();
		// Nothing overflows sideways.
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
		expect(overflow).toBeLessThanOrEqual(0);

		await page.getByRole("button", { name: "Toggle menu" }).click();
		const drawer = page.getByRole("dialog", { name: "Menu" });
		await expect(drawer).toBeVisible();
		const box = await drawer.boundingBox();
		await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(0);
		expect(Math.round(box?.width ?? 0)).toBeLessThanOrEqual(300);
		await page.keyboard.press("Escape");
		await expect(drawer).toBeHidden();

		await page.getByRole("button", { name: "Toggle menu" }).click();
		await drawer.getByRole("link", { name: "User Settings" }).click();
		await expect(page).toHaveURL(/\/settings$/);
		await expect(drawer).toBeHidden();
	});

	test("the keyboard reaches every header control with a visible focus ring", async ({ page }) => {
		await signUpAndLogIn(page);
		await page.keyboard.press("Tab");
		await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
		const names: string[] = [];
		for (let i = 0; i < 6; i++) {
			await page.keyboard.press("Tab");
			const info = await page.evaluate(() => {
				const el = document.activeElement as HTMLElement;
				return {
					name: el.getAttribute("aria-label") ?? el.textContent ?? "",
					outline: getComputedStyle(el).outlineStyle,
				};
			});
			names.push(info.name);
			expect(info.outline, info.name).not.toBe("none");
		}
		expect(names.join("|")).toContain("Toggle menu");
		expect(names.join("|")).toContain("Select language");
		expect(names.join("|")).toContain("User menu");
	});
});

test.describe("theme", () => {
	test("Dark is applied, toasted, stored and back before first paint after a reload", async ({ page }) => {
		await signUpAndLogIn(page);
		await page.getByRole("button", { name: /^Theme/ }).click();
		await page.getByRole("menuitemradio", { name: "Dark" }).click();
		await expect(page.getByText("Theme changed to dark mode")).toBeVisible();
		await expect(page.locator("html")).toHaveClass(/\bdark\b/);
		expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

		// Hold the app's JavaScript back: the class must already be there without React.
		let release: () => void = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
			await held;
			await route.continue();
		});
		await page.goto("/", { waitUntil: "commit" });
		await page.waitForFunction(() => document.readyState !== "loading" || document.body !== null);
		const early = await page.evaluate(() => ({
			className: document.documentElement.className,
			// index.html's static shell stands in #root until React replaces it.
			mounted: document.querySelectorAll("#root > :not([data-testid='static-shell'])").length,
		}));
		expect(early.mounted).toBe(0);
		expect(early.className).toContain("dark");
		release();
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(page.locator("html")).toHaveClass(/\bdark\b/);
	});

	test("System follows the browser's colour scheme", async ({ page }) => {
		await page.emulateMedia({ colorScheme: "dark" });
		await page.goto("/login");
		await expect(page.locator("html")).toHaveClass(/\bdark\b/);
		await page.emulateMedia({ colorScheme: "light" });
		await expect(page.locator("html")).toHaveClass(/\blight\b/);
	});
});

test.describe("other screens", () => {
	test("an unknown path shows the 404 screen with a way home", async ({ page }) => {
		await page.goto("/no/such/page");
		await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
		await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
		await expect(page.getByText("The page you are looking for was not found.")).toBeVisible();
		await expect(page).toHaveTitle("Page not found - Portico");
		await page.getByRole("link", { name: "Go Back Home" }).click();
		await expect(page).toHaveURL(/\/login$/);
	});

	test("a screen that fails to render shows the fallback with its message and a refresh button", async ({ page }) => {
		await page.route(/\/assets\/not-found-[^/]+\.js$/, (route) => route.abort());
		await page.goto("/broken-route");
		await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
		await expect(page.getByText("An unexpected error occurred. Please try refreshing the page.")).toBeVisible();
		// The server answers, so the chunk is not a lost connection: after the one reload an
		// upgrade gets, the fallback names the failure.
		await expect(page.getByRole("alert")).toContainText("A screen's code could not be loaded");
		await page.unroute(/\/assets\/not-found-[^/]+\.js$/);
		await page.getByRole("button", { name: "Refresh Page" }).click();
		await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
	});

	test("when the server cannot answer, the layout shows the error screen, not an endless spinner", async ({ page }) => {
		await signUpAndLogIn(page);
		await page.route("**/trpc/**", (route) => route.fulfill({ status: 503, body: "down" }));
		await page.reload();
		await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible({ timeout: 30_000 });
		await page.unroute("**/trpc/**");
		await page.getByRole("button", { name: "Refresh Page" }).click();
		await expect(page.getByTestId("user-menu")).toBeVisible();
	});

	test("the user menu shows the initial, then the profile image once set", async ({ page }) => {
		await signUpAndLogIn(page, { fullName: "Pictured User" });
		const menu = page.getByTestId("user-menu");
		await expect(menu.locator("img")).toHaveCount(0);
		await expect(menu.getByTestId("user-avatar")).toHaveText("P");

		const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}"));
		const me = await (
			await page.request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } })
		).json();
		const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#12a594" } })
			.png()
			.toBuffer();
		const upload = await page.request.post("/api/v1/media/upload", {
			headers: { authorization: `Bearer ${token}` },
			multipart: { entity_type: "user", entity_id: me.id, file: { name: "a.png", mimeType: "image/png", buffer: png } },
		});
		expect(upload.ok(), await upload.text()).toBe(true);
		const { url } = await upload.json();
		const set = await page.request.patch(`/api/v1/profile/me/image?image_url=${encodeURIComponent(url)}`, {
			headers: { authorization: `Bearer ${token}` },
		});
		expect(set.ok(), await set.text()).toBe(true);

		await page.reload();
		await expect(menu.locator("img")).toHaveAttribute("src", url);
		await expect(menu.getByTestId("user-avatar")).not.toHaveText("P");
	});
});
