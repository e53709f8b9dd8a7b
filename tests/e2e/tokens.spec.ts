import type { Page } from "@playwright/test";
import {
	ADMIN,
	closeToast,
	createUserViaApi,
	expect,
	expectAccessible,
	loginAs,
	screenshot,
	test,
	uniqueEmail,
} from "./fixtures.ts";

async function openTokensTab(page: Page) {
	await page.goto("/settings?tab=tokens");
	await expect(page.getByTestId("token-form")).toBeVisible({ timeout: 30_000 });
}

test.describe("Settings -> Tokens", () => {
	test("create a token, see it once, use it, see its last use, revoke it with confirmation", async ({ page }) => {
		const user = await createUserViaApi(page.request);
		await loginAs(page, user.email, user.password, "/settings?tab=tokens");
		await expect(page.getByTestId("token-form")).toBeVisible({ timeout: 30_000 });
		await expect(page.getByText("No tokens yet.")).toBeVisible();
		// A plain user is not offered admin scopes.
		await expect(page.getByTestId("token-scope-admin:read")).toHaveCount(0);
		await page.getByLabel("Name", { exact: true }).fill("backup-script");
		await page.getByTestId("token-scope-write").click();
		await page.getByTestId("token-create").click();
		const value = page.getByTestId("token-value");
		await expect(value).toHaveValue(/^portico_pat_[a-z2-7]{26}_[a-z2-7]{59}$/);
		await expect(page.getByTestId("token-created")).toContainText("it will not be shown again");
		const token = await value.inputValue();
		const row = page.getByTestId("token-row").filter({ hasText: "backup-script" });
		await expect(row).toContainText("read");
		await expect(row).toContainText("write");
		await expect(row.getByTestId("token-last-used")).toHaveText("Never used");

		const me = await page.request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
		expect(me.status()).toBe(200);
		await page.reload();
		await expect(row.getByTestId("token-last-used")).toHaveText(/^Last used/, { timeout: 30_000 });
		// Shown once: not after a reload.
		await expect(page.getByTestId("token-value")).toHaveCount(0);

		await row.getByRole("button", { name: "Revoke backup-script" }).click();
		const dialog = page.getByTestId("token-revoke-dialog");
		await expect(dialog.getByRole("heading", { name: "Revoke this token?" })).toBeVisible();
		await dialog.getByRole("button", { name: "Revoke" }).click();
		await expect(dialog).toBeHidden();
		await expect(row).toContainText("Ended");
		const after = await page.request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
		expect(after.status()).toBe(401);
	});

	for (const lang of ["en", "ar", "fr"] as const) {
		test(`is accessible and fits 360 px in ${lang}`, async ({ page }) => {
			const user = await createUserViaApi(page.request);
			await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
			await loginAs(page, user.email, user.password, "/settings?tab=tokens");
			await openTokensTab(page);
			await page.getByTestId("token-name").fill("nightly");
			await page.getByTestId("token-create").click();
			await expect(page.getByTestId("token-value")).toBeVisible();
			await expect(page.getByTestId("token-row")).toHaveCount(1);
			await closeToast(page);
			await page.setViewportSize({ width: 360, height: 740 });
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
			await expectAccessible(page);
			await screenshot(page, `tokens-tab-${lang}-360`);
		});
	}
});

test.describe("Admin -> Tokens", () => {
	test("a user's tokens from the row's menu, and the list of all: revoke after a confirmation", async ({
		page,
		request,
	}) => {
		test.setTimeout(180_000);
		const target = await createUserViaApi(request, { email: uniqueEmail("scripts"), fullName: "Script Owner" });
		const login = await request.post("/api/v1/login/access-token", {
			form: { username: target.email, password: target.password },
		});
		const { access_token } = (await login.json()) as { access_token: string };
		const asTarget = { authorization: `Bearer ${access_token}` };
		const id = ((await (await request.get("/api/v1/users/me", { headers: asTarget })).json()) as { id: string }).id;
		const made = await request.post("/api/v1/users/me/tokens", {
			headers: asTarget,
			data: { name: "owner-script", scopes: ["read"] },
		});
		const { token } = (await made.json()) as { token: string };

		await loginAs(page, ADMIN.email, ADMIN.password, "/admin");
		await expect(page.getByTestId("users-table")).toBeVisible();
		await page.getByTestId("all-tokens").click();
		const all = page.getByTestId("admin-tokens-dialog");
		await expect(all.getByRole("heading", { name: "All access tokens" })).toBeVisible();
		await expect(all.getByTestId("admin-token-row").filter({ hasText: target.email })).toHaveCount(1);
		await expect(all).toHaveCSS("opacity", "1");
		await expectAccessible(page);
		await page.keyboard.press("Escape");

		let actions = page.locator(`[data-actions-for="${id}"]`);
		for (let p = 1; (await actions.count()) === 0 && p <= 50; p++) {
			await page.goto(`/admin?page=${p}`);
			await expect(page.getByTestId("users-table-body")).toHaveCSS("opacity", "1");
			actions = page.locator(`[data-actions-for="${id}"]`);
		}
		await actions.click();
		await page.getByRole("menuitem", { name: "Tokens" }).click();
		const dialog = page.getByTestId("admin-tokens-dialog");
		await expect(dialog.getByRole("heading", { name: "Tokens of Script Owner" })).toBeVisible();
		const row = dialog.getByTestId("admin-token-row").filter({ hasText: "owner-script" });
		await row.getByRole("button", { name: "Revoke owner-script" }).click();
		const confirm = page.getByTestId("admin-token-revoke-dialog");
		await confirm.getByRole("button", { name: "Revoke" }).click();
		await expect(confirm).toBeHidden();
		await expect(row).toContainText("Ended");
		const after = await request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
		expect(after.status()).toBe(401);
	});
});
