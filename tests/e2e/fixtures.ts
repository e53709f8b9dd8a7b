import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { totpAt } from "../helpers/totp.ts";
import { E2E_ADMIN } from "../playwright.config.ts";

export { expect };

/** The first superuser the e2e server creates at start. */
export const ADMIN = E2E_ADMIN;

/** The running server's DATA_DIR (`outbox/*.eml` lives under it). */
export const dataDir = process.env.E2E_DATA_DIR ?? "";

export const PASSWORD = "e2e-password-123";

let counter = 0;
export const uniqueEmail = (prefix = "user") =>
	`${prefix}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const randomIp = () =>
	`10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export type E2EUser = { email: string; password: string; fullName: string };

/** Signs a user up through the REST API (no browser involved). */
export async function createUserViaApi(request: APIRequestContext, options: Partial<E2EUser> = {}): Promise<E2EUser> {
	const user = {
		email: options.email ?? uniqueEmail(),
		password: options.password ?? PASSWORD,
		fullName: options.fullName ?? "Test User",
	};
	const response = await request.post("/api/v1/users/signup", {
		data: { email: user.email, full_name: user.fullName, password: user.password },
	});
	expect(response.ok(), await response.text()).toBe(true);
	return user;
}

/** Two-factor turned on over the API, as a script would: setup, then the app's current code. */
export async function enableTwoFactorViaApi(
	request: APIRequestContext,
	user: Pick<E2EUser, "email" | "password">,
): Promise<{ secret: string; recoveryCodes: string[] }> {
	const login = await request.post("/api/v1/login/access-token", {
		form: { username: user.email, password: user.password },
	});
	const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
	const setup = await request.post("/api/v1/users/me/totp/setup", { headers });
	const { secret } = (await setup.json()) as { secret: string };
	const enabled = await request.post("/api/v1/users/me/totp/enable", {
		headers,
		data: { code: totpAt(secret, Date.now()) },
	});
	expect(enabled.ok(), await enabled.text()).toBe(true);
	const { recovery_codes } = (await enabled.json()) as { recovery_codes: string[] };
	return { secret, recoveryCodes: recovery_codes };
}

/** Logs in through the API and puts the tokens where the app keeps them, then opens `to`. */
export async function loginAs(page: Page, email: string, password: string, to = "/"): Promise<void> {
	const response = await page.request.post("/api/v1/login/access-token", { form: { username: email, password } });
	expect(response.ok(), await response.text()).toBe(true);
	const { access_token, refresh_token } = (await response.json()) as { access_token: string; refresh_token: string };
	await page.goto("/login");
	await page.evaluate(
		(value) => localStorage.setItem("auth-storage", value),
		JSON.stringify({ token: access_token, refreshToken: refresh_token }),
	);
	await page.goto(to);
}

/** A new user, signed up through the API and logged in in this page. */
export async function signUpAndLogIn(page: Page, options: Partial<E2EUser> = {}): Promise<E2EUser> {
	const user = await createUserViaApi(page.request, options);
	await loginAs(page, user.email, user.password);
	await expect(page.getByTestId("user-menu")).toBeVisible();
	return user;
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
	const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
	const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
	const report = bad.map(
		(v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
	);
	expect(report, report.join("\n")).toEqual([]);
}

/**
 * Closes the toast of the change before the screen is scanned: sonner's green success toast
 * fails axe's contrast check in the light theme (an issue of every success toast, left to
 * its own fix), and this scan is about the screen.
 */
export async function closeToast(page: Page): Promise<void> {
	const toast = page.locator("[data-sonner-toast]");
	await expect(toast.first()).toBeVisible();
	await toast.first().hover();
	await toast.first().locator("[data-close-button]").click();
	await expect(toast).toHaveCount(0);
}

/**
 * Waits until a sonner toast has come to rest: mounted (its slide-in starts then) and no
 * transition or animation still running in it or its toaster (which lifts above a phone's
 * keyboard). Where it is drawn then is where it stays; no timer guesses how long that takes.
 */
export async function toastAtRest(toast: Locator): Promise<void> {
	await expect(toast).toHaveAttribute("data-mounted", "true");
	await expect
		.poll(() =>
			toast.evaluate(
				(element) =>
					(element.closest("[data-sonner-toaster]") ?? element)
						.getAnimations({ subtree: true })
						.filter((animation) => animation.playState === "running").length,
			),
		)
		.toBe(0);
}

const screenshotDir = fileURLToPath(new URL("./screenshots/", import.meta.url));

/** Saves `tests/e2e/screenshots/<name>.png` (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
	mkdirSync(screenshotDir, { recursive: true });
	// Let toasts and transitions settle so the picture shows the screen itself.
	await page.waitForTimeout(150);
	await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage: true });
}

/**
 * The page's requests come from a new address from now on (the e2e servers trust
 * X-Forwarded-For): the login back-off is per account and address, so a retry after a
 * refused password meets none, and no test waits for one to end.
 */
export async function fromAnotherAddress(page: Page): Promise<void> {
	await page.setExtraHTTPHeaders({ "x-forwarded-for": randomIp() });
}

export type ApiUser = { id: string; email: string; full_name: string | null };

/** A user for the first superuser to make: `fullName: null` leaves it without a name. */
export type NewUser = { fullName?: string | null; email?: string; isSuperuser?: boolean; isActive?: boolean };

/** The first superuser over REST, for setting up users (the `adminApi` fixture). */
export type AdminApi = {
	/** Its bearer header: it signs in on first use, once per test. */
	headers: () => Promise<Record<string, string>>;
	/** A user it makes, with the password PASSWORD. */
	createUser: (options?: NewUser) => Promise<ApiUser>;
	/** A new superuser it makes, signed in in `page` on `to`. */
	signInAsNewAdmin: (page: Page, to?: string) => Promise<ApiUser>;
};

function adminApiOver(request: APIRequestContext): AdminApi {
	let headers: Promise<Record<string, string>> | undefined;
	const signIn = async () => {
		const response = await request.post("/api/v1/login/access-token", {
			form: { username: ADMIN.email, password: ADMIN.password },
		});
		expect(response.ok(), await response.text()).toBe(true);
		const { access_token } = (await response.json()) as { access_token: string };
		return { authorization: `Bearer ${access_token}` };
	};
	const api: AdminApi = {
		headers: () => {
			headers ??= signIn();
			return headers;
		},
		async createUser(options = {}) {
			const response = await request.post("/api/v1/users/", {
				headers: await api.headers(),
				data: {
					email: options.email ?? uniqueEmail("made-by-admin"),
					full_name: options.fullName === undefined ? "Listed Person" : options.fullName,
					password: PASSWORD,
					is_superuser: options.isSuperuser ?? false,
					is_active: options.isActive ?? true,
				},
			});
			expect(response.ok(), await response.text()).toBe(true);
			return (await response.json()) as ApiUser;
		},
		async signInAsNewAdmin(page, to = "/") {
			const admin = await api.createUser({ fullName: "Acting Admin", isSuperuser: true });
			await loginAs(page, admin.email, PASSWORD, to);
			return admin;
		},
	};
	return api;
}

/**
 * The test runner's `test`, where every context comes from its own IP (per-IP rate limits
 * stay apart), with `adminApi`: the first superuser over REST.
 */
export const test = base.extend<{ clientIp: string; adminApi: AdminApi }>({
	// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
	clientIp: async ({}, use) => {
		await use(randomIp());
	},
	extraHTTPHeaders: async ({ clientIp }, use) => {
		await use({ "x-forwarded-for": clientIp });
	},
	adminApi: async ({ request }, use) => {
		await use(adminApiOver(request));
	},
});
