import type { Page } from "@playwright/test";
import {
	ADMIN,
	createUserViaApi,
	expect,
	expectAccessible,
	loginAs,
	PASSWORD,
	screenshot,
	signUpAndLogIn,
	test,
} from "./fixtures.ts";

const card = (page: Page, id: string) => page.getByTestId(id);
const value = (page: Page, id: string) => page.getByTestId(`${id}-value`);

/** Every tRPC procedure this page asks, by name. */
function procedures(page: Page): string[] {
	const seen: string[] = [];
	page.on("request", (request) => {
		const { pathname } = new URL(request.url());
		if (pathname.startsWith("/trpc/")) seen.push(...pathname.slice("/trpc/".length).split(","));
	});
	return seen;
}

test("a new account at a glance: each card says where things stand and links to the fix", async ({ page }) => {
	const asked = procedures(page);
	await signUpAndLogIn(page, { fullName: "Glance Person" });
	await expect(value(page, "card-email")).toHaveText("Not verified");
	await expect(card(page, "card-email").getByRole("button", { name: "Send a new verification link" })).toBeVisible();
	await expect(value(page, "card-two-factor")).toHaveText("Off");
	await expect(card(page, "card-two-factor").getByRole("link")).toHaveAttribute("href", "/settings?tab=security");
	await expect(card(page, "card-two-factor").getByRole("link")).toHaveText("Turn on two-factor authentication");
	await expect(value(page, "card-passkeys")).toHaveText("None yet");
	await expect(card(page, "card-passkeys").getByRole("link", { name: "Add a passkey" })).toBeVisible();
	await expect(value(page, "card-sessions")).toHaveText("1");
	// The first sign-in: nothing before it.
	await expect(value(page, "card-last-sign-in")).toHaveText("None before this one");
	await expect(card(page, "card-last-sign-in")).toContainText("This is the first sign-in we know of.");
	// Not a superuser: no numbers about everyone, and never asked for them.
	await expect(page.getByRole("heading", { name: "All accounts" })).toHaveCount(0);
	expect(asked).toContain("dashboard.account");
	expect(asked.filter((name) => name.startsWith("dashboard.users") || name.startsWith("admin."))).toEqual([]);
	await expectAccessible(page);

	await card(page, "card-sessions").getByRole("link", { name: "Review your sessions" }).click();
	await expect(page).toHaveURL(/\/settings\?tab=sessions$/);
	await expect(page.getByRole("tab", { name: "Sessions" })).toHaveAttribute("aria-selected", "true");
});

test("the next sign-in names the one before, with its device, and offers to check the sessions", async ({
	page,
	request,
}) => {
	const user = await createUserViaApi(request, { fullName: "Returning Person" });
	await loginAs(page, user.email, user.password);
	await loginAs(page, user.email, user.password);
	await expect(value(page, "card-sessions")).toHaveText("2");
	await expect(value(page, "card-last-sign-in")).toHaveText(/^(Now|\d+ minutes? ago)$/);
	await expect(value(page, "card-last-sign-in").locator("time")).toHaveAttribute("title", /\d{1,2}:\d{2}/);
	await expect(card(page, "card-last-sign-in")).toContainText(/Chrome \d+ on Linux/);
	await expect(
		card(page, "card-last-sign-in").getByRole("link", { name: "Not you? Review your sessions" }),
	).toHaveAttribute("href", "/settings?tab=sessions");
});

test("a superuser also sees all accounts in numbers, with the audit log a click away", async ({ page, adminApi }) => {
	await adminApi.createUser({ isActive: false });
	await loginAs(page, ADMIN.email, ADMIN.password);
	await expect(page.getByRole("heading", { name: "All accounts" })).toBeVisible();
	await expect(value(page, "card-email")).toHaveText("Verified");
	for (const id of ["card-users", "card-inactive-users", "card-signups"])
		await expect(value(page, id)).toHaveText(/^[1-9][\d,]*$/);
	await expect(card(page, "card-inactive-users").getByRole("link", { name: "Show inactive users" })).toHaveAttribute(
		"href",
		"/admin?status=inactive",
	);
	await expectAccessible(page);
	await page.getByRole("link", { name: "Open the audit log" }).click();
	await expect(page).toHaveURL(/\/admin\/audit$/);
});

test("each card has its loading and its failure state, and Try again recovers", async ({ page, adminApi }) => {
	const user = await adminApi.createUser({ isSuperuser: true });
	const cards = ["card-email", "card-two-factor", "card-passkeys", "card-sessions", "card-last-sign-in", "card-users"];
	const summaries = (url: URL) => url.pathname.includes("dashboard.");
	// The summaries are held while the loading state is checked, then fail (the app asks three times before it gives up).
	let fail = () => {};
	const failing = new Promise<void>((open) => {
		fail = open;
	});
	await page.route(summaries, async (route) => {
		await failing;
		await route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
	});
	await loginAs(page, user.email, PASSWORD);
	for (const id of cards) {
		await expect(card(page, id).getByTestId("card-skeleton")).toBeVisible();
		await expect(card(page, id)).toHaveAttribute("aria-busy", "true");
	}
	await screenshot(page, "dashboard-loading");
	fail();
	for (const id of cards)
		await expect(card(page, id).getByRole("alert")).toHaveText(/This could not be loaded\./, { timeout: 30_000 });
	await screenshot(page, "dashboard-failed");
	await page.unroute(summaries);
	await card(page, "card-sessions").getByRole("button", { name: "Try again" }).click();
	await expect(value(page, "card-sessions")).toHaveText(/^\d+$/);
	await expect(value(page, "card-two-factor")).toHaveText("Off");
	await card(page, "card-users").getByRole("button", { name: "Try again" }).click();
	await expect(value(page, "card-users")).toHaveText(/^[1-9]/);
});

test("the dashboard in Arabic at 360 px: one column, nothing sideways, accessible", async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.addInitScript(() => localStorage.setItem("lang", "ar"));
	await loginAs(page, ADMIN.email, ADMIN.password);
	await expect(value(page, "card-users")).toBeVisible();
	await expect(value(page, "card-two-factor")).toHaveText("غير مفعّلة");
	const [first, second] = [
		await card(page, "card-email").boundingBox(),
		await card(page, "card-two-factor").boundingBox(),
	];
	expect(second?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	await expectAccessible(page);
	await screenshot(page, "dashboard-ar-360");
});

test("light and dark pictures of the dashboard", async ({ page }) => {
	await signUpAndLogIn(page);
	await expect(value(page, "card-sessions")).toBeVisible();
	await screenshot(page, "dashboard-light");
	await page.emulateMedia({ colorScheme: "dark" });
	await page.evaluate(() => localStorage.setItem("theme", "dark"));
	await page.reload();
	await expect(value(page, "card-sessions")).toBeVisible();
	await expectAccessible(page);
	await screenshot(page, "dashboard-dark");
});
