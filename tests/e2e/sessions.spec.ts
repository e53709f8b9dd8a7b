import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import arSessions from "../../shared/i18n/ar/sessions/index.ts";
import {
	ADMIN,
	createUserViaApi,
	type E2EUser,
	expect,
	expectAccessible,
	loginAs,
	screenshot,
	test,
	uniqueEmail,
} from "./fixtures.ts";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const rows = (page: Page) => page.getByTestId("session-row");
const currentRow = (page: Page) => page.locator('[data-testid="session-row"][data-current="true"]');

/** Another device: its own browser context, IP and user agent. */
async function otherDevice(browser: Browser, baseURL: string | undefined, userAgent: string, ip: string) {
	return browser.newContext({ baseURL, userAgent, extraHTTPHeaders: { "x-forwarded-for": ip } });
}

/** A sign-in over the API only (a script, a phone): its tokens. */
async function apiLogin(request: APIRequestContext, user: E2EUser, userAgent: string, ip: string) {
	const response = await request.post("/api/v1/login/access-token", {
		form: { username: user.email, password: user.password },
		headers: { "user-agent": userAgent, "x-forwarded-for": ip },
	});
	expect(response.ok(), await response.text()).toBe(true);
	return (await response.json()) as { access_token: string; refresh_token: string };
}

const meStatus = async (request: APIRequestContext, token: string) =>
	(await request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } })).status();

async function openSessionsTab(page: Page) {
	await page.goto("/settings?tab=sessions");
	await expect(page.getByRole("tab", { name: "Sessions" })).toHaveAttribute("aria-selected", "true");
	await expect(page.getByTestId("session-list")).toBeVisible({ timeout: 30_000 });
}

test.describe("Settings -> Sessions", () => {
	test("revoking a session in one browser signs the other out: it lands on /login", async ({
		page,
		browser,
		baseURL,
	}) => {
		test.setTimeout(180_000); // two browsers
		const user = await createUserViaApi(page.request);
		let laptop: BrowserContext | undefined;
		try {
			laptop = await otherDevice(browser, baseURL, FIREFOX_LINUX, "10.201.3.4");
			const laptopPage = await laptop.newPage();
			await loginAs(laptopPage, user.email, user.password, "/settings");
			await expect(laptopPage.getByTestId("user-menu")).toBeVisible();

			await loginAs(page, user.email, user.password, "/settings?tab=sessions");
			// The first load of the tab's chunk and data: slow on a busy machine.
			await expect(page.getByTestId("session-list")).toBeVisible({ timeout: 30_000 });
			await expect(rows(page)).toHaveCount(2);
			await expect(currentRow(page).getByTestId("this-device")).toHaveText("This device");
			await expect(currentRow(page).getByTestId("revoke-session")).toHaveCount(0);
			const other = rows(page).filter({ hasText: "Firefox 133 on Linux" });
			await expect(other.getByTestId("session-ip")).toHaveText("10.201.3.4");
			await expect(other.getByTestId("session-active")).toHaveText("Active now");
			await expect(other.locator("svg[data-device-type]")).toHaveAttribute("aria-label", "Computer");

			await other.getByRole("button", { name: "Revoke Firefox 133 on Linux" }).click();
			const dialog = page.getByTestId("revoke-session-dialog");
			await expect(dialog.getByRole("heading", { name: "Revoke this session?" })).toBeVisible();
			await expect(dialog).toContainText("Firefox 133 on Linux will be signed out");
			await dialog.getByRole("button", { name: "Revoke" }).click();
			await expect(dialog).toBeHidden();
			await expect(page.getByText("Session revoked", { exact: true })).toBeVisible();
			await expect(rows(page)).toHaveCount(1);
			await expect(page.getByTestId("revoke-other-sessions")).toHaveCount(0);
			const activity = page.getByTestId("activity-item");
			await expect(activity.first()).toContainText("Session revoked: Firefox 133 on Linux");
			await expect(page.getByTestId("recent-activity")).toContainText("Signed in from Firefox 133 on Linux");

			// The laptop notices at its next call: its token is refused, the refresh too, and the session ends.
			await laptopPage.reload();
			await expect(laptopPage).toHaveURL(/\/login$/);
			await expect(laptopPage.getByRole("button", { name: "Log In" })).toBeVisible();
			// The revoking page stays signed in.
			await page.reload();
			await expect(currentRow(page)).toBeVisible();
		} finally {
			await laptop?.close();
		}
	});

	test("Cancel keeps the session; Sign out of all other sessions ends every other one", async ({ page }) => {
		const user = await createUserViaApi(page.request);
		const phone = await apiLogin(page.request, user, SAFARI_IPHONE, "10.202.0.2");
		const script = await apiLogin(page.request, user, "curl/8.5.0", "10.202.0.3");
		await loginAs(page, user.email, user.password);
		await openSessionsTab(page);
		await expect(rows(page)).toHaveCount(3);
		const phoneRow = rows(page).filter({ hasText: "Safari 18 on iOS" });
		await expect(phoneRow.locator("svg[data-device-type]")).toHaveAttribute("data-device-type", "mobile");
		await expect(rows(page).filter({ hasText: "Unknown device" })).toHaveCount(1);

		await phoneRow.getByTestId("revoke-session").click();
		await page.getByTestId("revoke-session-dialog").getByRole("button", { name: "Cancel" }).click();
		await expect(page.getByTestId("revoke-session-dialog")).toBeHidden();
		await expect(phoneRow.getByTestId("revoke-session")).toBeFocused();
		expect(await meStatus(page.request, phone.access_token)).toBe(200);

		await page.getByRole("button", { name: "Sign out of all other sessions" }).click();
		const dialog = page.getByTestId("revoke-others-dialog");
		await expect(dialog).toContainText("Every device but this one will be signed out.");
		await dialog.getByRole("button", { name: "Sign out" }).click();
		await expect(page.getByText("Other sessions signed out")).toBeVisible();
		await expect(rows(page)).toHaveCount(1);
		await expect(currentRow(page)).toBeVisible();
		expect(await meStatus(page.request, phone.access_token)).toBe(401);
		expect(await meStatus(page.request, script.access_token)).toBe(401);
		await expect(page.getByTestId("activity-item").first()).toHaveText(/^Other sessions revoked/);
		await expect(page.getByTestId("user-menu")).toBeVisible();
	});

	test("the tab is accessible and photographed in light, dark and at 360 px", async ({ page }) => {
		test.setTimeout(180_000); // five axe scans and five pictures
		const user = await createUserViaApi(page.request);
		await apiLogin(page.request, user, SAFARI_IPHONE, "10.203.0.2");
		await apiLogin(page.request, user, FIREFOX_LINUX, "2001:db8:85a3::8a2e:370:7334");
		await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
		await loginAs(page, user.email, user.password);
		await openSessionsTab(page);
		await expect(rows(page)).toHaveCount(3);
		await expect(page.getByTestId("activity-item")).toHaveCount(4); // signed up, three sign-ins
		await expectAccessible(page);
		await screenshot(page, "sessions-tab-light");

		await page.getByTestId("revoke-session").first().click();
		await expect(page.getByTestId("revoke-session-dialog")).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, "sessions-revoke-dialog");
		await page.keyboard.press("Escape");

		await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
		await expectAccessible(page);
		await screenshot(page, "sessions-tab-dark");

		await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
		await page.setViewportSize({ width: 360, height: 740 });
		await expect(rows(page).first()).toBeVisible();
		// Nothing wider than the screen; the Revoke button sits under its row's text.
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
		const row = rows(page)
			.filter({ has: page.getByTestId("revoke-session") })
			.first();
		const text = await row.getByTestId("session-device").boundingBox();
		const button = await row.getByTestId("revoke-session").boundingBox();
		if (!text || !button) throw new Error("the row is not laid out");
		expect(button.y).toBeGreaterThan(text.y + text.height);
		await expectAccessible(page);
		await screenshot(page, "sessions-tab-360");
	});

	test("in Arabic the tab reads right to left, mirrored", async ({ page }) => {
		test.setTimeout(180_000);
		await page.addInitScript(() => localStorage.setItem("lang", "ar"));
		const user = await createUserViaApi(page.request);
		await apiLogin(page.request, user, FIREFOX_LINUX, "10.204.0.2");
		await loginAs(page, user.email, user.password);
		await page.goto("/settings?tab=sessions");
		await expect(page.getByRole("tab", { name: arSessions.tab })).toHaveAttribute("aria-selected", "true");
		await expect(page.getByRole("heading", { name: arSessions.heading })).toBeVisible();
		await expect(currentRow(page).getByTestId("this-device")).toHaveText(arSessions.thisDevice);
		const other = rows(page).filter({ hasText: "Firefox 133 على Linux" });
		await expect(other).toBeVisible();
		expect(await other.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");

		// Mirrored: the device icon at the right edge, the text to its left, Revoke at the left edge.
		const icon = await other.locator("svg[data-device-type]").boundingBox();
		const text = await other.getByTestId("session-device").boundingBox();
		const revoke = await other.getByRole("button", { name: `إنهاء جلسة Firefox 133 على Linux` }).boundingBox();
		if (!icon || !text || !revoke) throw new Error("the row is not laid out");
		expect(icon.x).toBeGreaterThan(text.x + text.width);
		expect(revoke.x + revoke.width).toBeLessThan(text.x);
		await expect(page.getByRole("heading", { name: arSessions.activity.heading })).toBeVisible();
		await expect(page.getByTestId("recent-activity")).toContainText("تسجيل الدخول من Firefox 133 على Linux");

		await expectAccessible(page);
		await screenshot(page, "sessions-tab-ar");
		await page.setViewportSize({ width: 360, height: 740 });
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
		await screenshot(page, "sessions-tab-ar-360");

		await other.getByRole("button", { name: arSessions.revoke }).click();
		const dialog = page.getByTestId("revoke-session-dialog");
		await expect(dialog.getByRole("heading", { name: arSessions.revokeDialog.title })).toBeVisible();
		await dialog.getByRole("button", { name: arSessions.revokeDialog.confirm }).click();
		await expect(page.getByText(arSessions.revoked)).toBeVisible();
		await expect(rows(page)).toHaveCount(1);
	});
});

test.describe("Admin -> Sessions", () => {
	async function adminOnTarget(page: Page, request: APIRequestContext) {
		const target = await createUserViaApi(request, { email: uniqueEmail("devices"), fullName: "Device Owner" });
		const phone = await apiLogin(request, target, SAFARI_IPHONE, "10.205.0.2");
		const laptop = await apiLogin(request, target, FIREFOX_LINUX, "10.205.0.3");
		await loginAs(page, ADMIN.email, ADMIN.password, "/admin");
		await expect(page.getByTestId("users-table")).toBeVisible();
		const id = ((await (await request.get("/api/v1/users/me", { headers: bearer(phone) })).json()) as { id: string })
			.id;
		return { target, phone, laptop, id };
	}

	const bearer = (tokens: { access_token: string }) => ({ authorization: `Bearer ${tokens.access_token}` });

	/** The page of the (shared, newest first) users list that holds the user's row. */
	async function showActions(page: Page, id: string) {
		for (let p = 1; p <= 50; p++) {
			await page.goto(`/admin?page=${p}`);
			await expect(page.getByTestId("users-table-body")).toHaveCSS("opacity", "1");
			const button = page.locator(`[data-actions-for="${id}"]`);
			if ((await button.count()) > 0) return button;
		}
		throw new Error(`no row for ${id}`);
	}

	test("the dialog lists the user's devices; Sign out everywhere ends them all after a confirmation", async ({
		page,
		request,
	}) => {
		test.setTimeout(180_000); // two axe scans, and the shared users list may take a few pages
		const { phone, laptop, id } = await adminOnTarget(page, request);
		const actions = await showActions(page, id);
		await actions.click();
		await page.getByRole("menuitem", { name: "Sessions" }).click();
		const dialog = page.getByTestId("user-sessions-dialog");
		await expect(dialog.getByRole("heading", { name: "Sessions of Device Owner" })).toBeVisible();
		await expect(rows(page)).toHaveCount(2);
		await expect(dialog).toContainText("Safari 18 on iOS");
		await expect(dialog).toContainText("Firefox 133 on Linux");
		await expect(dialog.getByTestId("revoke-session")).toHaveCount(0);
		await expect(dialog.getByTestId("this-device")).toHaveCount(0);
		await expectAccessible(page);
		await screenshot(page, "admin-sessions-dialog");

		await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
		const confirm = page.getByTestId("sign-out-everywhere-dialog");
		await expect(confirm).toContainText("Device Owner will be signed out on every device.");
		await expectAccessible(page);
		await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
		await expect(confirm).toBeHidden();
		await expect(page.getByText("Device Owner was signed out everywhere")).toBeVisible();
		await expect(dialog.getByTestId("sessions-empty")).toHaveText("This user is not signed in anywhere.");
		await expect(dialog.getByRole("button", { name: "Sign out everywhere" })).toBeDisabled();
		expect(await meStatus(request, phone.access_token)).toBe(401);
		expect(await meStatus(request, laptop.access_token)).toBe(401);

		await dialog.getByRole("button", { name: "Close" }).click();
		await expect(dialog).toBeHidden();
		await expect(actions).toBeFocused();
		await expect(page.getByTestId("user-menu")).toBeVisible();
	});

	test("the dialog in Arabic and in dark mode", async ({ page, request }) => {
		test.setTimeout(180_000);
		const { id } = await adminOnTarget(page, request);
		await page.evaluate(() => localStorage.setItem("lang", "ar"));
		await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
		const actions = await showActions(page, id);
		await actions.click();
		await page.getByRole("menuitem", { name: arSessions.admin.menu }).click();
		const dialog = page.getByTestId("user-sessions-dialog");
		await expect(dialog.getByRole("heading", { name: "جلسات Device Owner" })).toBeVisible();
		await expect(rows(page)).toHaveCount(2);
		expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
		const close = await dialog.getByRole("button", { name: arSessions.admin.close }).boundingBox();
		const signOut = await dialog.getByRole("button", { name: arSessions.admin.signOutEverywhere }).boundingBox();
		if (!close || !signOut) throw new Error("the dialog's buttons are not laid out");
		expect(signOut.x + signOut.width).toBeLessThanOrEqual(close.x);
		await expectAccessible(page);
		await screenshot(page, "admin-sessions-dialog-ar-dark");
	});
});
