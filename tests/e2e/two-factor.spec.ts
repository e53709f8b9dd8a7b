import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { security as ar } from "../../shared/i18n/ar/security.ts";
import { security as fr } from "../../shared/i18n/fr/security.ts";
import { totpAt } from "../helpers/totp.ts";
import {
	ADMIN,
	closeToast,
	createUserViaApi,
	type E2EUser,
	enableTwoFactorViaApi,
	expect,
	expectAccessible,
	fromAnotherAddress,
	loginAs,
	PASSWORD,
	screenshot,
	signUpAndLogIn,
	test,
	uniqueEmail,
} from "./fixtures.ts";
import { signedInLongAgo } from "./server-db.ts";

const security = (page: Page) => page.goto("/settings?tab=security");

/** Enables two-factor through the Security tab, reading the key off the screen as a person would type it into an app. */
async function enableOnScreen(page: Page, shots?: string): Promise<{ secret: string; codes: string[] }> {
	await security(page);
	await expect(page.getByTestId("totp-status")).toHaveText("Off");
	await page.getByTestId("totp-enable").click();
	await expect(page.getByTestId("totp-secret")).toBeVisible();
	const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
	expect(secret).toMatch(/^[A-Z2-7]{32}$/);
	await expect(page.getByRole("img", { name: "QR code to add Portico to an authenticator app" })).toBeVisible();
	if (shots) {
		await expectAccessible(page);
		await screenshot(page, `${shots}-setup`);
	}
	await page.getByTestId("totp-enable-input").fill(totpAt(secret, Date.now()));
	await page.getByRole("button", { name: "Verify and enable" }).click();
	const list = page.getByTestId("recovery-code");
	await expect(list).toHaveCount(10);
	const codes = (await list.allTextContents()).map((code) => code.trim());
	await closeToast(page);
	if (shots) {
		await expectAccessible(page);
		await screenshot(page, `${shots}-codes`);
	}
	return { secret, codes };
}

async function logOut(page: Page) {
	await page.getByTestId("user-menu").click();
	await page.getByRole("menuitem", { name: "Logout" }).click();
	await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, user: E2EUser) {
	await page.getByTestId("email-input").fill(user.email);
	await page.getByTestId("password-input").fill(user.password);
	await page.getByRole("button", { name: "Log In" }).click();
	await expect(page).toHaveURL(/\/login\/two-factor$/);
}

test.describe("two-factor authentication", () => {
	test("enable with the key from the screen, then log in with a code, then with a recovery code", async ({ page }) => {
		test.setTimeout(240_000);
		const user = await signUpAndLogIn(page);
		const { secret, codes } = await enableOnScreen(page, "two-factor");
		for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

		const saved = page.waitForEvent("download");
		await page.getByRole("button", { name: "Download" }).click();
		const file = await saved;
		expect(file.suggestedFilename()).toBe("portico-recovery-codes.txt");
		const text = readFileSync((await file.path()) as string, "utf8");
		for (const code of codes) expect(text).toContain(code);
		await page.getByRole("button", { name: "I have saved them" }).click();
		await expect(page.getByTestId("recovery-codes")).toHaveCount(0);
		await expect(page.getByTestId("totp-status")).toHaveText("On");
		await expect(page.getByTestId("recovery-codes-left")).toHaveText("Recovery codes left: 10");

		await logOut(page);
		await passwordStep(page, user);
		const input = page.getByTestId("totp-input");
		await expect(page.getByRole("textbox", { name: "Two-factor code" })).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, "two-factor-login");
		// The step that enabled two-factor is spent: an app shows the next one 30 s later.
		await input.fill("000000");
		await page.getByRole("button", { name: "Verify" }).click();
		await expect(page.getByText("Invalid two-factor code")).toBeVisible();
		// The wrong code's back-off holds for this address: the next try comes from another.
		await fromAnotherAddress(page);
		await input.fill(totpAt(secret, Date.now(), 1));
		await page.getByRole("button", { name: "Verify" }).click();
		await expect(page.getByTestId("user-menu")).toBeVisible();

		await logOut(page);
		await passwordStep(page, user);
		await page.getByRole("button", { name: "Use a recovery code" }).click();
		await expect(page.getByRole("textbox", { name: "Recovery code" })).toBeVisible();
		await page.getByTestId("totp-input").fill(codes[3] as string);
		await page.getByRole("button", { name: "Verify" }).click();
		await expect(page.getByTestId("user-menu")).toBeVisible();
		await security(page);
		await expect(page.getByTestId("recovery-codes-left")).toHaveText("Recovery codes left: 9");

		await page.getByTestId("totp-disable").click();
		await expect(page.getByTestId("totp-confirm")).toBeVisible();
		await expectAccessible(page);
		await screenshot(page, "two-factor-disable");
		await page.getByTestId("totp-confirm").click();
		await expect(page.getByText("Two-factor authentication disabled")).toBeVisible();
		await expect(page.getByTestId("totp-status")).toHaveText("Off");
	});

	test("a language switch on the Security tab changes its texts", async ({ page }) => {
		await signUpAndLogIn(page);
		await security(page);
		await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
		await page.getByLabel("Select language").selectOption("fr");
		await expect(page.getByRole("heading", { name: fr.twoFactor.heading })).toBeVisible();
		await expect(page.getByTestId("totp-enable")).toHaveText(fr.twoFactor.enable);
	});

	test("the second step without a pending login goes back to the login", async ({ page }) => {
		await page.goto("/login/two-factor");
		await expect(page).toHaveURL(/\/login$/);
	});

	for (const variant of ["dark", "ar"] as const) {
		test(`the Security tab and the second step, ${variant}`, async ({ page, request }) => {
			test.setTimeout(240_000);
			await page.addInitScript((v) => {
				localStorage.setItem("theme", v === "dark" ? "dark" : "light");
				localStorage.setItem("lang", v === "ar" ? "ar" : "en");
			}, variant);
			const user = await createUserViaApi(request);
			await loginAs(page, user.email, PASSWORD, "/settings?tab=security");
			await expect(page.getByTestId("totp-status")).toBeVisible();
			await expectAccessible(page);
			await screenshot(page, `two-factor-off-${variant}`);
			await page.getByTestId("totp-enable").click();
			const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
			await expectAccessible(page);
			await screenshot(page, `two-factor-setup-${variant}`);
			await page.getByTestId("totp-enable-input").fill(totpAt(secret, Date.now()));
			await page.getByTestId("totp-enable-input").press("Enter");
			await expect(page.getByTestId("recovery-code")).toHaveCount(10);
			await closeToast(page);
			await expectAccessible(page);
			await screenshot(page, `two-factor-codes-${variant}`);
			if (variant === "ar") {
				await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
				await expect(page.getByRole("heading", { name: ar.codes.heading })).toBeVisible();
				// The codes read left to right inside the mirrored page.
				const code = page.getByTestId("recovery-code").first().locator(".code-text");
				expect(await code.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
			}

			await page.evaluate(() => localStorage.removeItem("auth-storage"));
			await page.goto("/login");
			await page.getByTestId("email-input").fill(user.email);
			await page.getByTestId("password-input").fill(user.password);
			await page.getByTestId("password-input").press("Enter");
			await expect(page.getByTestId("totp-input")).toBeVisible();
			if (variant === "ar") await expect(page.getByRole("heading", { name: ar.login.heading })).toBeVisible();
			await expectAccessible(page);
			await screenshot(page, `two-factor-login-${variant}`);
		});
	}

	test("at 360 px", async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await signUpAndLogIn(page);
		await enableOnScreen(page);
		await screenshot(page, "two-factor-codes-360");
		const wide = await page.evaluate(
			() =>
				[...document.querySelectorAll("main *")].filter(
					(el) => el.getBoundingClientRect().right > window.innerWidth + 0.5,
				).length,
		);
		expect(wide).toBe(0);
	});
});

test.describe("the re-authentication dialog with a code", () => {
	test("offers the code when the user has two-factor, and new recovery codes follow", async ({ page }) => {
		test.setTimeout(240_000);
		await signUpAndLogIn(page);
		const { secret, codes } = await enableOnScreen(page);
		await page.getByRole("button", { name: "I have saved them" }).click();
		await signedInLongAgo(page);
		await page.getByRole("button", { name: "Generate new recovery codes" }).click();
		await page.getByTestId("totp-confirm").click();
		const dialog = page.getByTestId("reauth-dialog");
		await expect(dialog).toBeVisible();
		await dialog.getByRole("tab", { name: "Code" }).click();
		await expectAccessible(page);
		await screenshot(page, "two-factor-reauth");
		await dialog.getByTestId("reauth-code-input").fill(totpAt(secret, Date.now(), 1));
		await dialog.getByRole("button", { name: "Confirm" }).click();
		await expect(dialog).toBeHidden();
		const fresh = page.getByTestId("recovery-code");
		await expect(fresh).toHaveCount(10);
		expect((await fresh.allTextContents()).some((code) => codes.includes(code.trim()))).toBe(false);
	});
});

test.describe("Admin -> Reset two-factor", () => {
	test("says whether the user has two-factor, and turns it off after a confirmation", async ({ page, request }) => {
		test.setTimeout(180_000);
		const locked = await createUserViaApi(request, { email: uniqueEmail("lost-phone"), fullName: "Lost Phone" });
		await enableTwoFactorViaApi(request, locked);
		const plain = await createUserViaApi(request, { email: uniqueEmail("no-2fa"), fullName: "No Second Factor" });
		await loginAs(page, ADMIN.email, ADMIN.password, `/admin?q=${encodeURIComponent(plain.email)}`);
		await page.getByTestId("user-actions").first().click();
		await page.getByRole("menuitem", { name: "Reset two-factor" }).click();
		const dialog = page.getByTestId("reset-two-factor-dialog");
		await expect(dialog).toContainText("No Second Factor does not use two-factor authentication.");
		await expect(dialog.getByRole("button", { name: "Reset two-factor" })).toHaveCount(0);
		await dialog.getByRole("button", { name: "Close" }).click();
		await expect(dialog).toBeHidden();

		await page.goto(`/admin?q=${encodeURIComponent(locked.email)}`);
		await page.getByTestId("user-actions").first().click();
		await page.getByRole("menuitem", { name: "Reset two-factor" }).click();
		await expect(dialog).toContainText("Lost Phone will sign in with their password alone");
		await expectAccessible(page);
		await screenshot(page, "two-factor-admin-reset");
		await dialog.getByRole("button", { name: "Reset two-factor" }).click();
		await expect(dialog).toBeHidden();
		await expect(page.getByText("Two-factor authentication of Lost Phone was reset")).toBeVisible();
		// The password alone signs in again.
		const login = await request.post("/api/v1/login/access-token", {
			form: { username: locked.email, password: locked.password },
		});
		expect(login.status()).toBe(200);
	});

	test("in Arabic: the dialog reads right to left, names the user and resets", async ({ page, request }) => {
		test.setTimeout(180_000);
		const locked = await createUserViaApi(request, { email: uniqueEmail("lost-phone-ar"), fullName: "Lost Phone AR" });
		await enableTwoFactorViaApi(request, locked);
		await page.addInitScript(() => localStorage.setItem("lang", "ar"));
		await loginAs(page, ADMIN.email, ADMIN.password, `/admin?q=${encodeURIComponent(locked.email)}`);
		await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
		await page.getByTestId("user-actions").first().click();
		await page.getByRole("menuitem", { name: ar.adminReset.menu }).click();
		const dialog = page.getByTestId("reset-two-factor-dialog");
		await expect(dialog.getByRole("heading", { name: ar.adminReset.title })).toBeVisible();
		await expect(dialog).toContainText(ar.adminReset.text.replace("{name}", "Lost Phone AR").slice(0, 40));
		expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
		await expectAccessible(page);
		await screenshot(page, "two-factor-admin-reset-ar");
		await dialog.getByRole("button", { name: ar.adminReset.confirm }).click();
		await expect(dialog).toBeHidden();
		await expect(page.getByText(ar.adminReset.done.replace("{name}", "Lost Phone AR"))).toBeVisible();
	});
});
