import type { Page } from "@playwright/test";
import { E2E_OIDC } from "../playwright.config.ts";
import {
	ADMIN,
	type AdminApi,
	closeToast,
	expect,
	expectAccessible,
	loginAs,
	PASSWORD,
	screenshot,
	test,
	uniqueEmail,
} from "./fixtures.ts";
import { signedInLongAgo } from "./server-db.ts";

/**
 * Settings -> Security's sign-in methods (link, unlink, the last way in), the
 * re-authentication through a provider, Admin -> Sign-in providers and a user's linked
 * sign-ins, against the real provider in its own process (tests/e2e/oidc-provider-process.ts).
 */
const methods = (page: Page) => page.getByTestId("sign-in-methods");

/** On the provider's own page (a fresh browser, or `prompt=login`): signs in there as `email`. */
async function atProvider(page: Page, email: string): Promise<void> {
	await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/interaction/`));
	await page.getByLabel("E-mail").fill(email);
	await page.getByRole("button", { name: "Sign in" }).click();
}

/** A user with a password, signed in on Settings -> Security, with Company linked from there. */
async function linkedUser(page: Page, adminApi: AdminApi, fullName = "Linked Person") {
	const user = await adminApi.createUser({ fullName, email: uniqueEmail("linked") });
	await loginAs(page, user.email, PASSWORD, "/settings?tab=security");
	await methods(page).getByTestId(`link-${E2E_OIDC.id}`).click();
	await atProvider(page, user.email);
	await expect(page).toHaveURL(/\/settings\?tab=security$/);
	await expect(methods(page).getByTestId("identity-row")).toHaveCount(1);
	return user;
}

/** An account with no password (an invitation never accepted), into which only the provider signs in. */
async function providerOnlyUser(page: Page, adminApi: AdminApi) {
	const email = uniqueEmail("sso-only");
	const invited = await page.request.post("/api/v1/users/", {
		headers: await adminApi.headers(),
		data: { email, full_name: "Only Provider", invite: true },
	});
	expect(invited.ok(), await invited.text()).toBe(true);
	// Signed out, and unknown to the provider: its page asks who this is.
	await page.context().clearCookies();
	await page.goto("/login");
	await page.evaluate(() => localStorage.removeItem("auth-storage"));
	await page.goto("/login");
	await page.getByTestId(`provider-${E2E_OIDC.id}`).click();
	await atProvider(page, email);
	await expect(page.getByTestId("user-menu")).toBeVisible();
	return { email, id: ((await invited.json()) as { id: string }).id };
}

test.describe("sign-in methods in Settings -> Security", () => {
	test("a password user links the provider, sees it listed, signs in with it, and unlinks it", async ({
		page,
		adminApi,
	}) => {
		const user = await adminApi.createUser({ fullName: "Link Me", email: uniqueEmail("link-me") });
		await loginAs(page, user.email, PASSWORD, "/settings?tab=security");
		await expect(methods(page).getByTestId("method-password")).toHaveText("Set");
		await expect(methods(page).getByTestId("method-passkeys")).toHaveText("0");
		await expect(methods(page).getByTestId("identities-empty")).toBeVisible();
		await methods(page).getByTestId(`link-${E2E_OIDC.id}`).click();
		await atProvider(page, user.email);
		await expect(page).toHaveURL(/\/settings\?tab=security$/);
		await expect(page.getByText(/is now linked to your account/)).toBeVisible();
		const row = methods(page).getByTestId("identity-row");
		await expect(row).toContainText(E2E_OIDC.name);
		await expect(row).toContainText(user.email);
		await expect(methods(page).getByTestId(`link-${E2E_OIDC.id}`)).toHaveCount(0);

		// Signed out, the provider's button signs in to this account (the provider remembers its own sign-in).
		await page.getByTestId("user-menu").click();
		await page.getByRole("menuitem", { name: "Logout" }).click();
		await page.getByTestId(`provider-${E2E_OIDC.id}`).click();
		await expect(page.getByRole("heading", { name: "Hi, Link Me" })).toBeVisible();
		await page.goto("/settings?tab=security");
		await expect(row).toContainText("Last used");

		await row.getByTestId("identity-unlink").click();
		const confirm = page.getByTestId("unlink-identity-dialog");
		// The provider's name kept apart from the sentence's direction (FSI ... PDI).
		await expect(confirm).toContainText(`Unlink \u2068${E2E_OIDC.name}\u2069?`);
		await confirm.getByRole("button", { name: "Unlink" }).click();
		await expect(page.getByText(/is no longer linked to your account/)).toBeVisible();
		await expect(methods(page).getByTestId("identities-empty")).toBeVisible();
		await expect(methods(page).getByTestId(`link-${E2E_OIDC.id}`)).toBeVisible();
	});

	test("the last way in is not unlinked: said in plain words, and it stays", async ({ page, adminApi }) => {
		await providerOnlyUser(page, adminApi);
		await page.goto("/settings?tab=security");
		await expect(methods(page).getByTestId("method-password")).toContainText("Not set");
		await methods(page).getByTestId("identity-row").getByTestId("identity-unlink").click();
		await page.getByTestId("unlink-identity-dialog").getByRole("button", { name: "Unlink" }).click();
		await expect(page.getByTestId("unlink-identity-dialog")).toBeHidden();
		await expect(methods(page).getByTestId("last-method")).toContainText(
			"This is your last way to sign in: without it you could not get back in.",
		);
		await expect(methods(page).getByTestId("identity-row")).toHaveCount(1);
		await expectAccessible(page);
	});

	test("a sign-in already linked to another account: refused on the way back, in words, with the way back to Settings", async ({
		page,
		adminApi,
	}) => {
		await linkedUser(page, adminApi, "First Holder");
		const second = await adminApi.createUser({ fullName: "Second Comer", email: uniqueEmail("second") });
		await loginAs(page, second.email, PASSWORD, "/settings?tab=security");
		// The provider still holds the first user's sign-in in this browser: it answers with that identity.
		await methods(page).getByTestId(`link-${E2E_OIDC.id}`).click();
		await expect(page).toHaveURL(/\/login\/sso$/);
		await expect(page.getByTestId("sso-refusal")).toHaveText(
			"This sign-in is already linked to another account here. Sign in to that account to unlink it first.",
		);
		await expect(page.getByRole("heading", { name: "That did not work" })).toBeVisible();
		await expectAccessible(page);
		await page.getByRole("link", { name: "Go back" }).click();
		await expect(page).toHaveURL(/\/settings\?tab=security$/);
		await expect(methods(page).getByTestId("identities-empty")).toBeVisible();
	});

	test("an account without a password confirms its identity at its provider only: no password tab", async ({
		page,
		adminApi,
	}) => {
		const user = await providerOnlyUser(page, adminApi);
		await page.goto("/settings?tab=security");
		await signedInLongAgo(page);
		await methods(page).getByTestId("identity-row").getByTestId("identity-unlink").click();
		await page.getByTestId("unlink-identity-dialog").getByRole("button", { name: "Unlink" }).click();
		const dialog = page.getByTestId("reauth-dialog");
		await expect(dialog.getByTestId(`reauth-provider-${E2E_OIDC.id}`)).toBeVisible();
		await expect(dialog.getByTestId("reauth-method-password")).toHaveCount(0);
		await expect(dialog.getByLabel("Password")).toHaveCount(0);
		await dialog.getByTestId(`reauth-provider-${E2E_OIDC.id}`).click();
		await atProvider(page, user.email);
		await expect(page).toHaveURL(/\/settings\?tab=security$/);
		await expect(page.getByText("Thank you, you can go on.")).toBeVisible();
	});

	test("an old sign-in confirms at the provider ('Continue with Company'), comes back, and the unlink goes through", async ({
		page,
		adminApi,
	}) => {
		const user = await linkedUser(page, adminApi);
		await signedInLongAgo(page);
		await methods(page).getByTestId("identity-row").getByTestId("identity-unlink").click();
		await page.getByTestId("unlink-identity-dialog").getByRole("button", { name: "Unlink" }).click();
		const dialog = page.getByTestId("reauth-dialog");
		await expect(dialog).toBeVisible();
		await dialog.getByTestId("reauth-method-provider").click();
		await dialog.getByTestId(`reauth-provider-${E2E_OIDC.id}`).click();
		// max_age=0: the provider asks its sign-in again.
		await atProvider(page, user.email);
		await expect(page).toHaveURL(/\/settings\?tab=security$/);
		await expect(page.getByText("Thank you, you can go on.")).toBeVisible();
		await methods(page).getByTestId("identity-row").getByTestId("identity-unlink").click();
		await page.getByTestId("unlink-identity-dialog").getByRole("button", { name: "Unlink" }).click();
		await expect(page.getByTestId("reauth-dialog")).toHaveCount(0);
		await expect(methods(page).getByTestId("identities-empty")).toBeVisible();
	});
});

test.describe("the admin's views", () => {
	test("Admin -> Sign-in providers: the configured provider, its callback URL to register, and a Check", async ({
		page,
		baseURL,
	}) => {
		await loginAs(page, ADMIN.email, ADMIN.password, "/admin/providers");
		await expect(page.getByRole("heading", { name: "Sign-in providers", level: 1 })).toBeVisible();
		const card = page.getByTestId("provider-card").filter({ hasText: E2E_OIDC.name });
		await expect(card).toContainText("OpenID Connect");
		await expect(card).toContainText(E2E_OIDC.issuer);
		await expect(card.getByTestId("provider-callback-url")).toHaveText(
			`${baseURL}/api/v1/login/oidc/${E2E_OIDC.id}/callback`,
		);
		await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
		await card.getByRole("button", { name: `Copy the callback URL of ${E2E_OIDC.name}` }).click();
		await expect(page.getByText("Callback URL copied")).toBeVisible();
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
			`${baseURL}/api/v1/login/oidc/${E2E_OIDC.id}/callback`,
		);
		await closeToast(page);
		await card.getByTestId("provider-check").click();
		await expect(card.getByTestId("provider-check-result")).toContainText(/^Reachable, in [\d,]+ ms$/);
		await expectAccessible(page);
	});

	test("a user's linked sign-ins: listed, unlinked by a superuser, never the last way in", async ({
		page,
		adminApi,
	}) => {
		const linked = await linkedUser(page, adminApi, "Admin Sees Me");
		const only = await providerOnlyUser(page, adminApi);
		await page.context().clearCookies();
		await loginAs(page, ADMIN.email, ADMIN.password, `/admin?q=${encodeURIComponent(only.email)}`);
		await page.getByTestId("user-row").filter({ hasText: only.email }).getByTestId("user-actions").click();
		await page.getByRole("menuitem", { name: "Sign-in methods" }).click();
		let dialog = page.getByTestId("admin-identities-dialog");
		await dialog.getByTestId("identity-row").getByTestId("identity-unlink").click();
		await page.getByTestId("admin-unlink-identity-dialog").getByRole("button", { name: "Unlink" }).click();
		await expect(page.getByTestId("admin-unlink-identity-dialog")).toBeHidden();
		await expect(dialog.getByTestId("admin-last-method")).toContainText("This is their last way to sign in");
		await expect(dialog.getByTestId("identity-row")).toHaveCount(1);
		await expectAccessible(page);
		await page.keyboard.press("Escape");

		await page.goto(`/admin?q=${encodeURIComponent(linked.email)}`);
		await page.getByTestId("user-row").filter({ hasText: linked.email }).getByTestId("user-actions").click();
		await page.getByRole("menuitem", { name: "Sign-in methods" }).click();
		dialog = page.getByTestId("admin-identities-dialog");
		await expect(dialog.getByTestId("identity-row")).toContainText(linked.email);
		await dialog.getByTestId("identity-row").getByTestId("identity-unlink").click();
		await page.getByTestId("admin-unlink-identity-dialog").getByRole("button", { name: "Unlink" }).click();
		await expect(dialog.getByTestId("admin-identities-empty")).toBeVisible();
	});
});

/** Pictured in each language, and in the dark theme (English), where the login's providers are pictured too. */
for (const variant of ["en", "ar", "fr", "dark"] as const) {
	test(`sign-in methods, the admin's providers and a user's linked sign-ins at 360 px (${variant})`, async ({
		page,
		adminApi,
	}) => {
		const lang = variant === "dark" ? "en" : variant;
		const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
		await page.setViewportSize({ width: 360, height: 740 });
		if (variant === "dark") {
			await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
			await page.addInitScript(() => localStorage.setItem("theme", "dark"));
			await page.goto("/login");
			await expect(page.getByTestId(`provider-${E2E_OIDC.id}`)).toBeVisible();
			await expect(page.locator("html")).toHaveClass(/dark/);
			await expectAccessible(page);
			await screenshot(page, "sign-in-providers-login-360-dark");
		}
		const user = await linkedUser(page, adminApi, `Shown ${variant}`);
		await page.evaluate((value) => localStorage.setItem("lang", value), lang);
		await page.reload();
		await expect(methods(page).getByTestId("identity-row")).toHaveCount(1);
		await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
		expect(await overflow()).toBeLessThanOrEqual(0);
		await expectAccessible(page);
		await screenshot(page, `sign-in-methods-360-${variant}`);

		await signedInLongAgo(page);
		await methods(page).getByTestId("identity-row").getByTestId("identity-unlink").click();
		await expect(page.getByTestId("unlink-identity-dialog")).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, `unlink-identity-360-${variant}`);
		await page.getByTestId("unlink-identity-dialog").getByRole("button").last().click();
		await page.getByTestId("reauth-dialog").getByTestId("reauth-method-provider").click();
		await expect(page.getByTestId(`reauth-provider-${E2E_OIDC.id}`)).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, `reauth-provider-360-${variant}`);
		await page.keyboard.press("Escape");

		await loginAs(page, ADMIN.email, ADMIN.password, "/admin/providers");
		await expect(page.getByTestId("provider-card")).toHaveCount(1);
		await page.getByTestId("provider-check").click();
		await expect(page.getByTestId("provider-check-result")).toBeVisible();
		expect(await overflow()).toBeLessThanOrEqual(0);
		await expectAccessible(page);
		await screenshot(page, `admin-providers-360-${variant}`);

		await page.goto(`/admin?q=${encodeURIComponent(user.email)}`);
		await page.getByTestId("user-row").filter({ hasText: user.email }).getByTestId("user-actions").click();
		await page.getByTestId("user-identities").click();
		await expect(page.getByTestId("admin-identities-dialog").getByTestId("identity-row")).toHaveCount(1);
		await expectAccessible(page);
		await screenshot(page, `admin-identities-360-${variant}`);
	});
}
