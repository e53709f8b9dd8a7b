import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, signUpAndLogIn, test } from "./fixtures.ts";

async function pngFile() {
	const path = join(mkdtempSync(join(tmpdir(), "portico-img-")), "avatar.png");
	writeFileSync(
		path,
		await sharp({ create: { width: 32, height: 32, channels: 3, background: "#088" } })
			.png()
			.toBuffer(),
	);
	return path;
}

/** Replaces stored tokens as an expired or revoked session would leave them. */
async function spoilTokens(page: Page, which: { access?: boolean; refresh?: boolean }) {
	await page.evaluate((spoil) => {
		const stored = JSON.parse(localStorage.getItem("auth-storage") ?? "{}");
		if (spoil.access) stored.token = "expired-access-token";
		if (spoil.refresh) stored.refreshToken = "revoked-refresh-token";
		localStorage.setItem("auth-storage", JSON.stringify(stored));
	}, which);
}

async function openProfileEditor(page: Page) {
	await page.goto("/settings");
	await page.getByRole("button", { name: "Edit Profile" }).click();
}

test.describe("the image upload follows the session rule (one refresh on a 401, else the session ends)", () => {
	test("a 401 on the upload refreshes the tokens once and the upload goes through", async ({ page }) => {
		await signUpAndLogIn(page);
		await openProfileEditor(page);
		const statuses: number[] = [];
		page.on("response", (response) => {
			if (response.url().endsWith("/api/v1/media/upload")) statuses.push(response.status());
		});
		await spoilTokens(page, { access: true });
		await page.getByTestId("profile-image-input").setInputFiles(await pngFile());
		await expect(page.getByText("Image uploaded successfully")).toBeVisible();
		expect(statuses).toEqual([401, 200]);
		expect(await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}").token)).not.toBe(
			"expired-access-token",
		);
	});

	test("when the refresh fails too, the session ends on /login", async ({ page }) => {
		await signUpAndLogIn(page);
		await openProfileEditor(page);
		await spoilTokens(page, { access: true, refresh: true });
		await page.getByTestId("profile-image-input").setInputFiles(await pngFile());
		await expect(page).toHaveURL(/\/login$/);
		expect(await page.evaluate(() => localStorage.getItem("auth-storage"))).toBeNull();
	});
});
