import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, loginAs, screenshot, test, uniqueEmail } from "./fixtures.ts";

const uniqueWord = () => `zi${Math.random().toString(36).slice(2, 9)}`;
const rows = (page: Page) => page.getByTestId("user-row");
const settled = (page: Page) => expect(page.getByTestId("users-table-body")).toHaveCSS("opacity", "1");
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });

const TEXTS = {
	en: {
		invited: "Invited",
		active: "Active",
		resend: "Resend invitation",
		revoke: "Revoke invitation",
		sessions: "Sessions",
		resetTwoFactor: "Reset two-factor",
	},
	ar: {
		invited: "مدعو",
		active: "نشط",
		resend: "إعادة إرسال الدعوة",
		revoke: "إلغاء الدعوة",
		sessions: "الجلسات",
		resetTwoFactor: "إعادة تعيين التحقق بخطوتين",
	},
	fr: {
		invited: "Invité",
		active: "Actif",
		resend: "Renvoyer l'invitation",
		revoke: "Annuler l'invitation",
		sessions: "Sessions",
		resetTwoFactor: "Réinitialiser la double authentification",
	},
} as const;

for (const lang of ["en", "ar", "fr"] as const) {
	test(`an invited user is marked Invited, and their menu offers resend and revoke, not what needs a password (${lang})`, async ({
		page,
		request,
		adminApi,
	}) => {
		const t = TEXTS[lang];
		const word = uniqueWord();
		const invited = await request.post("/api/v1/users/", {
			headers: await adminApi.headers(),
			data: { email: uniqueEmail(`pending-${word}`), full_name: `Pending ${word}`, invite: true },
		});
		expect(invited.ok(), await invited.text()).toBe(true);
		await adminApi.createUser({ fullName: `Member ${word}` });
		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await loginAs(page, ADMIN.email, ADMIN.password, `/admin?q=${word}`);
		await settled(page);
		await expect(rows(page)).toHaveCount(2);
		await expect(rowOf(page, `Pending ${word}`)).toContainText(t.invited);
		await expect(rowOf(page, `Member ${word}`)).toContainText(t.active);
		await expect(rowOf(page, `Member ${word}`)).not.toContainText(t.invited);

		await rowOf(page, `Member ${word}`).getByTestId("user-actions").click();
		await expect(page.getByRole("menuitem").first()).toBeVisible();
		await expect(page.getByRole("menuitem", { name: t.resend })).toHaveCount(0);
		await expect(page.getByRole("menuitem", { name: t.revoke })).toHaveCount(0);
		await expect(page.getByRole("menuitem", { name: t.sessions })).toBeVisible();
		await expect(page.getByRole("menuitem", { name: t.resetTwoFactor })).toBeVisible();
		await page.keyboard.press("Escape");

		await rowOf(page, `Pending ${word}`).getByTestId("user-actions").click();
		await expect(page.getByRole("menuitem", { name: t.resend })).toBeVisible();
		await screenshot(page, `item4-invited-menu-${lang}`);
		await expect(page.getByRole("menuitem", { name: t.revoke })).toBeVisible();
		// Someone who never chose a password has no sessions and no second factor to reset.
		await expect(page.getByRole("menuitem", { name: t.sessions })).toHaveCount(0);
		await expect(page.getByRole("menuitem", { name: t.resetTwoFactor })).toHaveCount(0);
		await expectAccessible(page);
		await screenshot(page, `admin-invited-menu-${lang}`);
		await page.keyboard.press("Escape");

		// The filter.
		await page.goto(`/admin?q=${word}&status=invited`);
		await settled(page);
		await expect(rows(page)).toHaveCount(1);
		await expect(rows(page)).toContainText(`Pending ${word}`);
		await expect(page.getByTestId("status-filter")).toHaveText(t.invited);
	});
}

test("revoking an invitation asks first, then removes the invited account", async ({ page, request, adminApi }) => {
	const word = uniqueWord();
	const email = uniqueEmail(`revoke-${word}`);
	const invited = await request.post("/api/v1/users/", {
		headers: await adminApi.headers(),
		data: { email, full_name: `Revoked ${word}`, invite: true },
	});
	expect(invited.ok()).toBe(true);
	await loginAs(page, ADMIN.email, ADMIN.password, `/admin?q=${word}`);
	await settled(page);
	await rowOf(page, `Revoked ${word}`).getByTestId("user-actions").click();
	await page.getByRole("menuitem", { name: "Revoke invitation" }).click();
	const dialog = page.getByRole("alertdialog", { name: "Revoke the invitation?" });
	await expect(dialog).toContainText(email);
	await expectAccessible(page);
	await screenshot(page, "admin-revoke-invitation-en");
	await dialog.getByRole("button", { name: "Revoke invitation" }).click();
	await expect(page.getByText(`Invitation to ${email} revoked.`)).toBeVisible();
	await expect(rows(page)).toHaveCount(0);
});
