import type { Page } from "@playwright/test";
import arReauth from "../../shared/i18n/ar/reauth/index.ts";
import { security as ar } from "../../shared/i18n/ar/security.ts";
import {
	closeToast,
	createUserViaApi,
	expect,
	expectAccessible,
	loginAs,
	screenshot,
	signUpAndLogIn,
	test,
} from "./fixtures.ts";
import { signedInLongAgo } from "./server-db.ts";

/**
 * Chromium's DevTools virtual authenticator, attached to this page: a platform authenticator
 * (like a laptop's fingerprint reader) that keeps discoverable credentials, verifies its
 * user and answers every prompt at once.
 */
async function virtualAuthenticator(page: Page): Promise<void> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send("WebAuthn.enable");
	await cdp.send("WebAuthn.addVirtualAuthenticator", {
		options: {
			protocol: "ctap2",
			transport: "internal",
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	});
}

const security = (page: Page) => page.goto("/settings?tab=security");
const rows = (page: Page) => page.getByTestId("passkey-row");

/** Settings -> Security -> Add a passkey (the sign-in is recent: no confirmation asked). */
async function addPasskeyOnScreen(page: Page) {
	await security(page);
	await expect(page.getByTestId("passkeys-empty")).toBeVisible();
	await page.getByTestId("passkey-add").click();
	await expect(page.getByText("Passkey added")).toBeVisible();
	await expect(rows(page)).toHaveCount(1);
	await closeToast(page);
}

async function logOut(page: Page) {
	await page.getByTestId("user-menu").click();
	await page.getByRole("menuitem", { name: "Logout" }).click();
	await expect(page).toHaveURL(/\/login$/);
}

test.describe("passkeys", () => {
	test("add one, rename it, sign in with it without an e-mail, then remove it", async ({ page }) => {
		test.setTimeout(240_000);
		await virtualAuthenticator(page);
		await signUpAndLogIn(page);
		await addPasskeyOnScreen(page);
		await expect(rows(page).getByTestId("passkey-last-used")).toHaveText("Never used");
		await expectAccessible(page);
		await screenshot(page, "passkeys-list");

		await rows(page)
			.getByRole("button", { name: /^Rename / })
			.click();
		const rename = page.getByTestId("rename-passkey-dialog");
		await rename.getByRole("textbox", { name: "Name" }).fill("Test laptop");
		await expectAccessible(page);
		await rename.getByRole("button", { name: "Save" }).click();
		await expect(rename).toBeHidden();
		await closeToast(page);
		await expect(rows(page).getByTestId("passkey-name")).toHaveText("Test laptop");

		await logOut(page);
		await expectAccessible(page);
		await screenshot(page, "passkeys-login");
		await page.getByTestId("passkey-sign-in").click();
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await expect(page).toHaveURL(/\/$/);

		await security(page);
		await expect(rows(page).getByTestId("passkey-last-used")).not.toHaveText("Never used");
		await rows(page).getByRole("button", { name: "Remove Test laptop" }).click();
		const remove = page.getByTestId("remove-passkey-dialog");
		await expect(remove).toContainText("Test laptop will no longer sign you in.");
		await expectAccessible(page);
		await screenshot(page, "passkeys-remove");
		await remove.getByRole("button", { name: "Remove" }).click();
		await expect(page.getByText("Passkey removed")).toBeVisible();
		await expect(page.getByTestId("passkeys-empty")).toBeVisible();

		// Removed on the server: the device still offers it, the server refuses it.
		await logOut(page);
		await page.getByTestId("passkey-sign-in").click();
		await expect(page.getByText("Invalid passkey")).toBeVisible();
		await expect(page).toHaveURL(/\/login$/);
	});

	test("the Security tab and the login screen in Arabic", async ({ page, request }) => {
		test.setTimeout(180_000);
		await page.addInitScript(() => localStorage.setItem("lang", "ar"));
		await virtualAuthenticator(page);
		const user = await createUserViaApi(request);
		await loginAs(page, user.email, user.password, "/settings?tab=security");
		await page.getByTestId("passkey-add").click();
		await expect(page.getByText(ar.passkeys.added)).toBeVisible();
		await expect(rows(page)).toHaveCount(1);
		await closeToast(page);
		await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
		await expect(page.getByRole("heading", { name: ar.passkeys.heading })).toBeVisible();
		// Mirrored: the row's buttons stand at its left end.
		const row = (await rows(page).boundingBox()) ?? { x: 0, width: 0 };
		const remove = (await rows(page).getByRole("button", { name: ar.passkeys.remove }).boundingBox()) ?? { x: 1e6 };
		expect(remove.x).toBeLessThan(row.x + row.width / 2);
		await expectAccessible(page);
		await screenshot(page, "passkeys-list-ar");
		await page.setViewportSize({ width: 360, height: 740 });
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
		await screenshot(page, "passkeys-list-ar-360");

		await page.evaluate(() => localStorage.removeItem("auth-storage"));
		await page.goto("/login");
		await expect(page.getByRole("button", { name: ar.login.passkey })).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, "passkeys-login-ar");
		await page.getByRole("button", { name: ar.login.passkey }).click();
		await expect(page.getByTestId("user-menu")).toBeVisible();
	});
});

test.describe("the re-authentication dialog with a passkey", () => {
	test("offers the passkey, which confirms the identity, and the refused change goes through", async ({ page }) => {
		test.setTimeout(240_000);
		await virtualAuthenticator(page);
		await signUpAndLogIn(page);
		await addPasskeyOnScreen(page);
		await signedInLongAgo(page);
		await rows(page)
			.getByRole("button", { name: /^Remove / })
			.click();
		await page.getByTestId("remove-passkey-dialog").getByRole("button", { name: "Remove" }).click();
		const dialog = page.getByTestId("reauth-dialog");
		await expect(dialog).toBeVisible();
		await dialog.getByRole("tab", { name: "Passkey" }).click();
		await expect(dialog.getByText("Use one of your passkeys to confirm it is you.")).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, "passkeys-reauth");
		await dialog.getByRole("button", { name: "Use a passkey" }).click();
		await expect(dialog).toBeHidden();
		await expect(page.getByText("Passkey removed")).toBeVisible();
		await expect(page.getByTestId("passkeys-empty")).toBeVisible();
	});

	test("in Arabic the dialog names the passkey tab", async ({ page }) => {
		test.setTimeout(240_000);
		await virtualAuthenticator(page);
		await signUpAndLogIn(page);
		await addPasskeyOnScreen(page);
		await page.evaluate(() => localStorage.setItem("lang", "ar"));
		await page.reload();
		await signedInLongAgo(page);
		await rows(page)
			.getByRole("button", { name: new RegExp(`^${ar.passkeys.remove} `) })
			.click();
		await page.getByTestId("remove-passkey-dialog").getByRole("button", { name: ar.passkeys.remove }).click();
		const dialog = page.getByTestId("reauth-dialog");
		await dialog.getByRole("tab", { name: arReauth.passkey.tab }).click();
		await expect(dialog.getByRole("button", { name: arReauth.passkey.button })).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, "passkeys-reauth-ar");
	});
});
