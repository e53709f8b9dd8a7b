import { expect, expectAccessible, screenshot, test, uniqueEmail } from "./fixtures.ts";
import { linkTo } from "./outbox.ts";

const TEXTS = {
	en: { title: "Welcome to Portico", button: "Set password", greeting: "Hi, Invited Person" },
	ar: { title: "مرحبًا بك في Portico", button: "تعيين كلمة المرور", greeting: "مرحبًا، Invited Person" },
	fr: { title: "Bienvenue sur Portico", button: "Définir le mot de passe", greeting: "Bonjour, Invited Person" },
} as const;

for (const lang of ["en", "ar", "fr"] as const) {
	test(`the invitee is welcomed by their address, sets a password and is signed in (${lang})`, async ({
		page,
		request,
		adminApi,
	}) => {
		const email = uniqueEmail("invitee");
		const created = await request.post("/api/v1/users/", {
			headers: await adminApi.headers(),
			data: { email, full_name: "Invited Person", invite: true },
		});
		expect(created.ok(), await created.text()).toBe(true);
		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await page.goto(await linkTo(email, "/reset-password"));

		await expect(page.getByRole("heading", { level: 1, name: TEXTS[lang].title })).toBeVisible();
		await expect(page.getByTestId("invited-email")).toHaveText(email);
		await expectAccessible(page);
		await screenshot(page, `invitation-welcome-${lang}`);

		const chosen = "my-first-password-1";
		await page.getByTestId("new-password-input").fill(chosen);
		await page.getByTestId("confirm-password-input").fill(chosen);
		await page.getByRole("button", { name: TEXTS[lang].button }).click();
		await expect(page).toHaveURL(/\/$/);
		await expect(page.getByRole("heading", { name: TEXTS[lang].greeting })).toBeVisible();
		await expect(page.getByTestId("user-menu")).toBeVisible();
	});
}

test("a recovery link keeps its own title; a refused link says so before any typing", async ({ page, request }) => {
	const email = uniqueEmail("recovering");
	const created = await request.post("/api/v1/users/signup", {
		data: { email, full_name: "Recovering", password: "e2e-password-123" },
	});
	expect(created.ok()).toBe(true);
	await request.post(`/api/v1/password-recovery/${email}`);
	await page.goto(await linkTo(email, "/reset-password"));
	await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
	await expect(page.getByTestId("invited-email")).toHaveCount(0);

	await page.goto("/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
	await expect(page.getByTestId("reset-link-notice")).toBeVisible();
	await expect(page.getByTestId("new-password-input")).toHaveCount(0);
});
