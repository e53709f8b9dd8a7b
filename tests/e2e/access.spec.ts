import type { Page } from "@playwright/test";
import {
	createUserViaApi,
	expect,
	expectAccessible,
	loginAs,
	PASSWORD,
	screenshot,
	signUpAndLogIn,
	test,
} from "./fixtures.ts";

/** Every call this page makes to an API only superusers may use: admin.* and audit.* over tRPC, their REST twins. */
function superuserCalls(page: Page): string[] {
	const seen: string[] = [];
	page.on("request", (request) => {
		const { pathname } = new URL(request.url());
		const procedures = pathname.startsWith("/trpc/") ? pathname.slice("/trpc/".length).split(",") : [];
		const adminProcedure = procedures.some((name) => name.startsWith("admin.") || name.startsWith("audit."));
		const adminRest = /^\/api\/v1\/(users\/?$|users\/summary|audit)/.test(pathname);
		if (adminProcedure || adminRest) seen.push(pathname);
	});
	return seen;
}

const storedToken = (page: Page) =>
	page.evaluate(() => (JSON.parse(localStorage.getItem("auth-storage") ?? "null") as { token?: string } | null)?.token);

test.describe("pages for superusers only", () => {
	test("anyone else gets a refusal with a way back on /admin and /admin/*, stays signed in, and asks no superuser API", async ({
		page,
	}) => {
		const calls = superuserCalls(page);
		await signUpAndLogIn(page, { fullName: "Plain Person" });
		const token = await storedToken(page);
		for (const path of ["/admin", "/admin/audit", "/admin/no-such-page", "/admin?page=2"]) {
			await page.goto(path);
			await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
			await expect(page).toHaveTitle("Access denied - Portico");
			// Still inside the app, still signed in with the same session.
			await expect(page.getByTestId("user-menu")).toContainText("Plain Person");
			expect(await storedToken(page)).toBe(token);
		}
		await expectAccessible(page);
		await page.getByRole("link", { name: "Back to the dashboard" }).click();
		await expect(page).toHaveURL(/\/$/);
		await expect(page.getByRole("heading", { name: "Hi, Plain Person" })).toBeVisible();
		expect(calls).toEqual([]);
	});

	test("a superuser on an unknown /admin page gets the not-found message inside the app", async ({
		page,
		adminApi,
	}) => {
		const admin = await adminApi.createUser({ fullName: "Lost Admin", isSuperuser: true });
		await loginAs(page, admin.email, PASSWORD, "/admin/no-such-page");
		await expect(page.getByTestId("not-found-code")).toHaveText("404");
		await expect(page.getByTestId("user-menu")).toBeVisible();
	});

	test("the refusal in Arabic at 360 px: mirrored, nothing sideways, accessible", async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await page.addInitScript(() => localStorage.setItem("lang", "ar"));
		const calls = superuserCalls(page);
		await signUpAndLogIn(page);
		await page.goto("/admin");
		const denied = page.getByTestId("access-denied");
		await expect(denied.getByRole("heading", { name: "ليس لديك صلاحية الوصول إلى هذه الصفحة" })).toBeVisible();
		await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
		// The heading starts at the right edge of the page in Arabic.
		const box = await denied.getByRole("heading").boundingBox();
		expect(360 - ((box?.x ?? 0) + (box?.width ?? 0))).toBeLessThan(40);
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
		expect(overflow).toBeLessThanOrEqual(0);
		await expectAccessible(page);
		await screenshot(page, "access-denied-ar-360");
		expect(calls).toEqual([]);
	});
});

test.describe("a session that ends", () => {
	test("revoked from another device: the next load lands on /login, which says why; a logout says nothing", async ({
		page,
		request,
	}) => {
		const user = await createUserViaApi(request, { fullName: "Revoked Person" });
		await loginAs(page, user.email, user.password);
		await expect(page.getByRole("heading", { name: "Hi, Revoked Person" })).toBeVisible();
		// The same account, signed in elsewhere, signs out every other session.
		const other = await request.post("/api/v1/login/access-token", {
			form: { username: user.email, password: user.password },
		});
		const { access_token } = (await other.json()) as { access_token: string };
		const revoked = await request.delete("/api/v1/users/me/sessions", {
			headers: { authorization: `Bearer ${access_token}` },
		});
		expect(revoked.ok()).toBe(true);

		await page.reload();
		await expect(page).toHaveURL(/\/login$/);
		const notice = page.getByTestId("session-ended");
		await expect(notice).toHaveText("Your session has ended. Please log in again.");
		expect(await storedToken(page)).toBeUndefined();
		await expectAccessible(page);
		await screenshot(page, "session-ended-login");

		// Logging in again clears it; logging out afterwards is the user's own doing: no notice.
		await page.getByTestId("email-input").fill(user.email);
		await page.getByTestId("password-input").fill(user.password);
		await page.getByRole("button", { name: "Log In" }).click();
		await expect(page.getByRole("heading", { name: "Hi, Revoked Person" })).toBeVisible();
		await page.getByTestId("user-menu").click();
		await page.getByRole("menuitem", { name: "Logout" }).click();
		await expect(page).toHaveURL(/\/login$/);
		await expect(page.getByTestId("email-input")).toBeVisible();
		await expect(notice).toHaveCount(0);
	});

	test("an access token the refresh cannot replace ends the session with the same word, in French", async ({
		page,
	}) => {
		await page.addInitScript(() => localStorage.setItem("lang", "fr"));
		await page.goto("/login");
		await page.evaluate(() =>
			localStorage.setItem("auth-storage", JSON.stringify({ token: "expired.token", refreshToken: "expired.refresh" })),
		);
		await page.goto("/settings");
		await expect(page).toHaveURL(/\/login$/);
		await expect(page.getByTestId("session-ended")).toHaveText("Votre session a pris fin. Veuillez vous reconnecter.");
	});
});
