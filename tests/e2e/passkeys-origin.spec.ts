import { ADMIN, expect, expectAccessible, screenshot, test } from "./fixtures.ts";

/** The same server opened by its IP address: an origin that cannot hold passkeys. */
const atIp = (baseURL: string | undefined, path: string) =>
	`${(baseURL ?? "").replace("//localhost:", "//127.0.0.1:")}${path}`;

for (const lang of ["en", "fr"] as const) {
	test(`opened at an IP address, passkeys say why they cannot be used instead of failing (${lang})`, async ({
		page,
		baseURL,
	}) => {
		const response = await page.request.post("/api/v1/login/access-token", {
			form: { username: ADMIN.email, password: ADMIN.password },
		});
		const { access_token, refresh_token } = (await response.json()) as { access_token: string; refresh_token: string };
		await page.addInitScript((value) => localStorage.setItem("lang", value), lang);
		await page.goto(atIp(baseURL, "/login"));
		await expect(page.getByRole("button", { name: lang === "en" ? "Log In" : "Se connecter" }).first()).toBeVisible();
		// No "Sign in with a passkey" that could only fail here.
		await expect(page.getByTestId("passkey-sign-in")).toHaveCount(0);
		await page.evaluate(
			([tokens, value]) => {
				localStorage.setItem("auth-storage", tokens ?? "");
				localStorage.setItem("lang", value ?? "en");
			},
			[JSON.stringify({ token: access_token, refreshToken: refresh_token }), lang],
		);
		await page.goto(atIp(baseURL, "/settings?tab=security"));
		const note = page.getByTestId("passkeys-ip-address");
		await expect(note).toContainText("127.0.0.1");
		await expect(note).toContainText("localhost");
		await expect(page.getByTestId("passkey-add")).toHaveCount(0);
		await expectAccessible(page);
		await screenshot(page, `passkeys-ip-${lang}`);
	});
}
