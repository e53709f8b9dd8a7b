import type { Page } from "@playwright/test";
import { ADMIN, createUserViaApi, expect, loginAs, PASSWORD, test, uniqueEmail } from "./fixtures.ts";
import { linkTo, rawMailWithLink } from "./outbox.ts";

/** The order in which the login screen's code was requested and the tRPC call `procedure` answered. */
function loginScreenVersus(page: Page, procedure: string): string[] {
	const order: string[] = [];
	page.on("request", (request) => {
		if (/\/assets\/login-[^/]+\.js$/.test(request.url())) order.push("login screen requested");
	});
	page.on("response", (response) => {
		if (response.url().includes(procedure)) order.push(`${procedure} answered`);
	});
	return order;
}

test.describe("sign up", () => {
	test("validates on blur with every product message", async ({ page }) => {
		await page.goto("/signup");
		await expect(page).toHaveTitle("Sign Up - Portico");
		const fullName = page.getByTestId("full-name-input");
		await fullName.focus();
		await fullName.blur();
		await expect(page.getByText("Full Name is required")).toBeVisible();
		await fullName.fill("ab");
		await fullName.blur();
		await expect(page.getByText("Full Name is required")).toBeHidden();
		await expect(page.getByText("Full name must be at least 3 characters")).toBeVisible();

		const email = page.getByTestId("email-input");
		await email.focus();
		await email.blur();
		await expect(page.getByText("Email is required")).toBeVisible();
		await email.fill("not-an-email");
		await email.blur();
		await expect(page.getByText("Invalid email address")).toBeVisible();

		const password = page.getByTestId("password-input");
		await password.focus();
		await password.blur();
		await expect(page.getByText("Password is required")).toBeVisible();
		await password.fill("short");
		await password.blur();
		await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

		const confirm = page.getByTestId("confirm-password-input");
		await confirm.focus();
		await confirm.blur();
		await expect(page.getByText("Please confirm your password")).toBeVisible();
	});

	test("reports a mismatched confirmation", async ({ page }) => {
		await page.goto("/signup");
		await page.getByTestId("full-name-input").fill("Jane Doe");
		await page.getByTestId("email-input").fill(uniqueEmail());
		await page.getByTestId("password-input").fill(PASSWORD);
		await page.getByTestId("confirm-password-input").fill(`${PASSWORD}x`);
		await page.getByTestId("confirm-password-input").blur();
		await expect(page.getByText("Passwords do not match")).toBeVisible();
		await page.getByRole("button", { name: "Sign Up" }).click();
		await expect(page).toHaveURL(/\/signup$/);
	});

	test("creates the account, says so and goes to log in", async ({ page }) => {
		const email = uniqueEmail("signup");
		await page.goto("/signup");
		await page.getByTestId("full-name-input").fill("Jane Doe");
		await page.getByTestId("email-input").fill(email);
		await page.getByTestId("password-input").fill(PASSWORD);
		await page.getByTestId("confirm-password-input").fill(PASSWORD);
		await page.getByRole("button", { name: "Sign Up" }).click();
		await expect(page.getByText("Account created successfully! Please log in.")).toBeVisible();
		await expect(page).toHaveURL(/\/login$/);
		// The address changes at once; until the login screen's code has arrived the sign-up
		// form is still the one shown, with fields of the same names.
		await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();

		await page.getByTestId("email-input").fill(email);
		await page.getByTestId("password-input").fill(PASSWORD);
		await page.getByRole("button", { name: "Log In" }).click();
		await expect(page.getByRole("heading", { name: "Hi, Jane Doe" })).toBeVisible();
	});

	test("the login screen's code is fetched with the sign-up request, not after it", async ({ page }) => {
		const order = loginScreenVersus(page, "auth.signup");
		await page.goto("/signup");
		await page.getByTestId("full-name-input").fill("Jane Doe");
		await page.getByTestId("email-input").fill(uniqueEmail("preload"));
		await page.getByTestId("password-input").fill(PASSWORD);
		await page.getByTestId("confirm-password-input").fill(PASSWORD);
		await page.getByRole("button", { name: "Sign Up" }).click();
		await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
		expect(order).toEqual(["login screen requested", "auth.signup answered"]);
	});

	test("a taken e-mail shows the server's text in a red 'Error' toast", async ({ page, request }) => {
		const user = await createUserViaApi(request);
		await page.goto("/signup");
		await page.getByTestId("full-name-input").fill("Jane Doe");
		await page.getByTestId("email-input").fill(user.email);
		await page.getByTestId("password-input").fill(PASSWORD);
		await page.getByTestId("confirm-password-input").fill(PASSWORD);
		await page.getByRole("button", { name: "Sign Up" }).click();
		const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Error" });
		await expect(toast).toContainText("The user with this email already exists in the system");
		await expect(toast).toHaveAttribute("data-type", "error");
		await expect(page).toHaveURL(/\/signup$/);
	});
});

test.describe("log in", () => {
	test("a wrong password shows an error toast and stays", async ({ page, request }) => {
		const user = await createUserViaApi(request);
		await page.goto("/login");
		await expect(page).toHaveTitle("Log In - Portico");
		await page.getByTestId("email-input").fill(user.email);
		await page.getByTestId("password-input").fill("wrong-password-1");
		await page.getByRole("button", { name: "Log In" }).click();
		const toast = page.locator("[data-sonner-toast][data-type='error']");
		await expect(toast).toContainText("Error");
		await expect(toast).toContainText("Incorrect email or password");
		await expect(page).toHaveURL(/\/login$/);
	});

	test("success stores the tokens, toasts and opens the dashboard", async ({ page, request }) => {
		const user = await createUserViaApi(request, { fullName: "Log Inner" });
		await page.goto("/login");
		await page.getByTestId("email-input").fill(user.email.toUpperCase());
		await page.getByTestId("password-input").fill(user.password);
		await page.getByTestId("password-input").press("Enter");
		await expect(page.getByText("Logged in successfully!")).toBeVisible();
		await expect(page).toHaveURL(/\/$/);
		await expect(page.getByRole("heading", { name: "Hi, Log Inner" })).toBeVisible();
		await expect(page.getByText("Welcome back, nice to see you again!")).toBeVisible();
		const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "null"));
		expect(Object.keys(stored).sort()).toEqual(["refreshToken", "token"]);
	});

	test("a short password is reported when the field is left", async ({ page }) => {
		await page.goto("/login");
		const message = page.getByText("Password must be at least 8 characters");
		await page.getByTestId("password-input").fill("short");
		await expect(message).toHaveCount(0);
		await page.getByTestId("password-input").blur();
		await expect(message).toBeVisible();
		await expect(page.getByTestId("password-input")).toHaveAttribute("aria-invalid", "true");
		await page.getByTestId("password-input").fill("long-enough-1");
		await page.getByTestId("password-input").blur();
		await expect(message).toHaveCount(0);
	});

	test("links lead to recovery and sign-up", async ({ page }) => {
		await page.goto("/login");
		await page.getByRole("link", { name: "Forgot Password?" }).click();
		await expect(page).toHaveURL(/\/recover-password$/);
		await page.goto("/login");
		await page.getByRole("link", { name: "Sign Up" }).click();
		await expect(page).toHaveURL(/\/signup$/);
		await page.getByRole("link", { name: "Log In" }).click();
		await expect(page).toHaveURL(/\/login$/);
	});

	test("is usable with the keyboard alone", async ({ page, request }) => {
		const user = await createUserViaApi(request);
		await page.goto("/login");
		await page.getByTestId("email-input").focus();
		await page.keyboard.type(user.email);
		await page.keyboard.press("Tab");
		await expect(page.getByTestId("password-input")).toBeFocused();
		await page.keyboard.type(user.password);
		// Tab past the show-password button and the recovery link to the submit button.
		await page.keyboard.press("Tab");
		await page.keyboard.press("Tab");
		await page.keyboard.press("Tab");
		await expect(page.getByRole("button", { name: "Log In" })).toBeFocused();
		const outline = await page
			.getByRole("button", { name: "Log In" })
			.evaluate((el) => getComputedStyle(el).outlineStyle);
		expect(outline).not.toBe("none");
		await page.keyboard.press("Enter");
		await expect(page.getByTestId("user-menu")).toBeVisible();
	});
});

test.describe("routes and sessions", () => {
	test("a signed-in user opening a public route goes to /", async ({ page, request }) => {
		const user = await createUserViaApi(request);
		await loginAs(page, user.email, user.password);
		for (const path of ["/login", "/signup", "/recover-password", "/reset-password?token=x"]) {
			await page.goto(path);
			await expect(page).toHaveURL(/\/$/);
		}
	});

	test("a visitor opening a protected route goes to /login", async ({ page }) => {
		for (const path of ["/", "/settings", "/admin"]) {
			await page.goto(path);
			await expect(page).toHaveURL(/\/login$/);
		}
	});

	test("a garbage token ends on /login with the store cleared", async ({ page }) => {
		await page.goto("/login");
		await page.evaluate(() =>
			localStorage.setItem("auth-storage", JSON.stringify({ token: "garbage", refreshToken: "also-garbage" })),
		);
		await page.goto("/settings");
		await expect(page).toHaveURL(/\/login$/);
		await expect(page.getByTestId("email-input")).toBeVisible();
		expect(await page.evaluate(() => localStorage.getItem("auth-storage"))).toBeNull();
	});

	test("a malformed auth-storage value is ignored", async ({ page }) => {
		await page.goto("/login");
		await page.evaluate(() => localStorage.setItem("auth-storage", "{not json"));
		await page.goto("/");
		await expect(page).toHaveURL(/\/login$/);
	});

	test("an expired access token is refreshed once and the screen loads", async ({ page, request }) => {
		const user = await createUserViaApi(request, { fullName: "Refresh Me" });
		await loginAs(page, user.email, user.password);
		await expect(page.getByTestId("user-menu")).toBeVisible();
		// Break the access token only: the refresh token still works.
		await page.evaluate(() => {
			const stored = JSON.parse(localStorage.getItem("auth-storage") ?? "{}");
			localStorage.setItem("auth-storage", JSON.stringify({ ...stored, token: "expired.token" }));
		});
		await page.reload();
		await expect(page.getByRole("heading", { name: "Hi, Refresh Me" })).toBeVisible();
		const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}"));
		expect(stored.token).not.toBe("expired.token");
	});

	test("a 403 from a query (a superuser demoted meanwhile) clears the store and goes to /login", async ({
		page,
		request,
		adminApi,
	}) => {
		const headers = await adminApi.headers();
		const demoted = await adminApi.createUser({ fullName: "Soon Not An Admin", isSuperuser: true });
		await loginAs(page, demoted.email, PASSWORD, "/admin");
		await expect(page.getByRole("heading", { name: "Users Management" })).toBeVisible();
		const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}"));
		const listStatuses: number[] = [];
		page.on("response", async (response) => {
			const url = new URL(response.url());
			if (!url.pathname.startsWith("/trpc/") || !url.pathname.includes("admin.list")) return;
			const procedures = url.pathname.replace("/trpc/", "").split(",");
			const body = (await response.json().catch(() => null)) as { error?: { data?: { httpStatus?: number } } }[] | null;
			listStatuses.push(body?.[procedures.indexOf("admin.list")]?.error?.data?.httpStatus ?? response.status());
		});
		const demote = await request.patch(`/api/v1/users/${demoted.id}`, { headers, data: { is_superuser: false } });
		expect(demote.ok()).toBe(true);
		// The page still believes it is an admin's: the next search asks the server, which refuses.
		await page.getByRole("searchbox", { name: "Search users" }).fill("anyone");
		await expect(page).toHaveURL(/\/login$/);
		await expect(page.getByTestId("email-input")).toBeVisible();
		await expect(page.getByTestId("session-ended")).toBeVisible();
		expect(await page.evaluate(() => localStorage.getItem("auth-storage"))).toBeNull();
		expect(listStatuses).toContain(403);
		// The token itself was still good: the client ended the session because of the 403.
		const me = await request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
		expect(me.status()).toBe(200);
	});

	test("logout ignores a failing server and leaves no cached data for the next user", async ({ page, request }) => {
		const first = await createUserViaApi(request, { fullName: "First Occupant" });
		const second = await createUserViaApi(request, { fullName: "Second Occupant" });
		await loginAs(page, first.email, first.password);
		await expect(page.getByRole("heading", { name: "Hi, First Occupant" })).toBeVisible();
		const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}"));
		let logoutCalls = 0;
		await page.route(
			(url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("auth.logout"),
			async (route) => {
				logoutCalls++;
				await route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' });
			},
		);
		await page.getByTestId("user-menu").click();
		await page.getByRole("menuitem", { name: "Logout" }).click();
		await expect(page).toHaveURL(/\/login$/);
		expect(logoutCalls).toBe(1);
		expect(await page.evaluate(() => localStorage.getItem("auth-storage"))).toBeNull();
		// The server never logged out: the old token still works, so only the client ended the session.
		const me = await request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
		expect(me.status()).toBe(200);

		// Same page, no reload: from here on, the first user's name must never be drawn in it.
		await page.evaluate((name) => {
			const w = window as unknown as { sawFirst: boolean };
			w.sawFirst = document.body.textContent?.includes(name) ?? false;
			new MutationObserver(() => {
				if (document.body.textContent?.includes(name)) w.sawFirst = true;
			}).observe(document.body, { subtree: true, childList: true, characterData: true });
		}, first.fullName);
		// The second user logs in from another tab: this tab follows through the storage event, without the
		// login form (which clears the cache itself), so only logout's clearing keeps the first user's data out.
		const otherTab = await page.context().newPage();
		await loginAs(otherTab, second.email, second.password);
		await expect(page).toHaveURL(/\/$/);
		await expect(page.getByTestId("user-menu")).toBeVisible();
		expect(await page.evaluate(() => (window as unknown as { sawFirst: boolean }).sawFirst)).toBe(false);
		await expect(page.getByRole("heading", { name: "Hi, Second Occupant" })).toBeVisible();
		await expect(page.getByTestId("user-menu")).toContainText("Second Occupant");
		expect(await page.evaluate(() => (window as unknown as { sawFirst: boolean }).sawFirst)).toBe(false);
	});

	test("logout calls the server, clears the tokens and goes to /login", async ({ page, request }) => {
		const user = await createUserViaApi(request);
		await loginAs(page, user.email, user.password);
		const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}"));
		await page.getByTestId("user-menu").click();
		await expect(page.getByText("Account", { exact: true })).toBeVisible();
		await page.getByRole("menuitem", { name: "Logout" }).click();
		await expect(page).toHaveURL(/\/login$/);
		expect(await page.evaluate(() => localStorage.getItem("auth-storage"))).toBeNull();
		// The session is revoked on the server too.
		const me = await request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
		expect(me.status()).toBe(401);
		await page.goto("/");
		await expect(page).toHaveURL(/\/login$/);
	});
});

test.describe("password recovery", () => {
	test("the e-mailed link sets a new password that logs in", async ({ page, request }) => {
		const user = await createUserViaApi(request);
		await page.goto("/recover-password");
		await expect(page).toHaveTitle("Password Recovery - Portico");
		await page.getByTestId("email-input").fill(user.email);
		await page.getByRole("button", { name: "Continue" }).click();
		await expect(page.getByText("Password reset email sent").first()).toBeVisible();

		// The sign-up's verification mail may land after this one: wait for the reset link itself.
		await page.goto(await linkTo(user.email, "/reset-password"));
		await expect(page).toHaveTitle("Reset Password - Portico");

		const newPassword = "brand-new-password-9";
		await page.getByTestId("new-password-input").fill(newPassword);
		await page.getByTestId("confirm-password-input").fill("different-password-9");
		await page.getByTestId("confirm-password-input").blur();
		await expect(page.getByText("Passwords do not match")).toBeVisible();
		await page.getByTestId("confirm-password-input").fill(newPassword);
		const order = loginScreenVersus(page, "auth.resetPassword");
		await page.getByRole("button", { name: "Reset Password" }).click();
		await expect(page.getByText("Password updated successfully.")).toBeVisible();
		await expect(page).toHaveURL(/\/login$/);
		// Fetched beside the request, as after a sign-up (a cold page here: the link opened it).
		expect(order).toEqual(["login screen requested", "auth.resetPassword answered"]);

		await page.getByTestId("email-input").fill(user.email);
		await page.getByTestId("password-input").fill(newPassword);
		await page.getByRole("button", { name: "Log In" }).click();
		await expect(page.getByTestId("user-menu")).toBeVisible();
	});

	test("the e-mail comes in the language the page is in", async ({ page, request }) => {
		const user = await createUserViaApi(request);
		await page.goto("/recover-password");
		await page.getByLabel("Select language").selectOption("fr");
		await page.getByTestId("email-input").fill(user.email);
		await page.getByRole("button", { name: "Continuer" }).click();
		await expect(page.getByText("E-mail de réinitialisation envoyé").first()).toBeVisible();
		const mail = await rawMailWithLink(user.email, "/reset-password");
		const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)?.[1] ?? "";
		const decoded = subject.replace(/\r?\n[ \t]/g, "").replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind, text) =>
			kind.toUpperCase() === "B"
				? Buffer.from(text, "base64").toString("utf8")
				: Buffer.from(
						text
							.replace(/_/g, " ")
							.replace(/=([0-9A-F]{2})/gi, (_x: string, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
						"latin1",
					).toString("utf8"),
		);
		expect(decoded.replace(/\s+/g, " ")).toContain("Récupération du mot de passe");
	});

	test("an unknown e-mail gets the same answer", async ({ page }) => {
		await page.goto("/recover-password");
		await page.getByTestId("email-input").fill(uniqueEmail("nobody"));
		await page.getByRole("button", { name: "Continue" }).click();
		await expect(page.getByText("Password reset email sent").first()).toBeVisible();
	});

	test("a bad token is refused with the notice that offers a new link", async ({ page }) => {
		// The screen asks what the link is for as it opens: a bad one is refused before any typing.
		await page.goto("/reset-password?token=not-a-real-token");
		await expect(page.getByTestId("new-password-input")).toHaveCount(0);
		await expect(page.getByRole("alert")).toContainText("has expired or was already used");
		await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
	});

	test("without a token the screen offers a new link", async ({ page }) => {
		await page.goto("/reset-password");
		await expect(page.getByRole("alert")).toContainText("no reset token");
		await page.getByRole("link", { name: "Request a new link" }).click();
		await expect(page).toHaveURL(/\/recover-password$/);
	});
});

test("the first superuser can log in through the form", async ({ page }) => {
	await page.goto("/login");
	await page.getByTestId("email-input").fill(ADMIN.email);
	await page.getByTestId("password-input").fill(ADMIN.password);
	await page.getByRole("button", { name: "Log In" }).click();
	await expect(page.getByRole("link", { name: "Admin" })).toBeVisible();
});
