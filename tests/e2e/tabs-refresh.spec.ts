import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { createUserViaApi, expect, loginAs, test } from "./fixtures.ts";

type StoredTokens = { token: string; refreshToken: string };

const storedTokens = (page: Page) =>
	page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "null") as StoredTokens | null);

const isRefresh = (url: string) => new URL(url).pathname.includes("auth.refresh");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two pages of one browser context (they share localStorage), signed in as one new user. */
async function twoSignedInTabs(context: BrowserContext, page: Page, request: APIRequestContext) {
	const user = await createUserViaApi(request);
	await loginAs(page, user.email, user.password);
	const other = await context.newPage();
	await other.goto("/");
	for (const tab of [page, other]) await expect(tab.getByTestId("user-menu")).toBeVisible();
	return [page, other] as const;
}

/**
 * Puts an access token the server refuses, as it would an expired one, in the tabs' shared
 * localStorage; returns the tokens it replaced and the refused one.
 */
async function refuseStoredAccessToken(page: Page) {
	const before = await storedTokens(page);
	if (!before) throw new Error("not signed in");
	const refused = `${before.token.split(".")[0]}.${"a".repeat(52)}`;
	await page.evaluate((token) => {
		const stored = JSON.parse(localStorage.getItem("auth-storage") ?? "{}");
		localStorage.setItem("auth-storage", JSON.stringify({ ...stored, token }));
	}, refused);
	return { before, refused };
}

/** The session still holds: the stored tokens are new, the server takes them, both tabs reload signed in. */
async function expectSessionAlive(tabs: readonly Page[], request: APIRequestContext, replaced: StoredTokens) {
	const after = await storedTokens(tabs[0] as Page);
	expect(after?.token).not.toBe(replaced.token);
	expect(after?.refreshToken).not.toBe(replaced.refreshToken);
	const me = await request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${after?.token}` } });
	expect(me.status()).toBe(200);
	await Promise.all(tabs.map((tab) => tab.reload()));
	for (const tab of tabs) await expect(tab.getByTestId("user-menu")).toBeVisible();
}

test("two tabs refused at once refresh once between them, and both stay signed in", async ({
	context,
	page,
	request,
}) => {
	const tabs = await twoSignedInTabs(context, page, request);

	// Which tabs had a tRPC call refused with 401 (not counting the refresh itself).
	const refusedTabs = new Set<Page>();
	let allRefused = () => {};
	const allTabsRefused = new Promise<void>((resolve) => {
		allRefused = resolve;
	});
	for (const tab of tabs) {
		tab.on("response", (response) => {
			if (response.status() !== 401 || !response.url().includes("/trpc/") || isRefresh(response.url())) return;
			refusedTabs.add(tab);
			if (refusedTabs.size === tabs.length) allRefused();
		});
	}
	// Every refresh is held until both tabs have had their 401, and half a second more in which the
	// second tab would send its own: so the two refreshes overlap every time instead of by luck.
	let refreshes = 0;
	await context.route(
		(url) => isRefresh(url.href),
		async (route) => {
			refreshes++;
			await Promise.race([allTabsRefused, sleep(30_000)]); // a bound for a client that never refuses both
			await sleep(500);
			await route.continue();
		},
	);

	const { before } = await refuseStoredAccessToken(page);
	await Promise.all(tabs.map((tab) => tab.reload()));
	for (const tab of tabs) {
		await expect(tab.getByTestId("user-menu")).toBeVisible();
		await expect(tab).not.toHaveURL(/\/login$/);
	}
	expect(refusedTabs.size, "both tabs were refused, so both needed new tokens").toBe(2);
	expect(refreshes).toBe(1);

	await expectSessionAlive(tabs, request, before);
	expect(refreshes).toBe(1);
});

test("a 401 that arrives after another tab refreshed uses that tab's tokens, without a second refresh", async ({
	context,
	page,
	request,
}) => {
	const [first, late] = await twoSignedInTabs(context, page, request);
	let refreshes = 0;
	context.on("request", (sent) => {
		if (isRefresh(sent.url())) refreshes++;
	});
	const { before, refused } = await refuseStoredAccessToken(first);

	// The late tab's first tRPC call goes out with the refused token; its 401 is held back.
	let lateCallRefused = () => {};
	const lateCallHeld = new Promise<void>((resolve) => {
		lateCallRefused = resolve;
	});
	let releaseLateAnswer = () => {};
	const lateAnswerReleased = new Promise<void>((resolve) => {
		releaseLateAnswer = resolve;
	});
	let held = false;
	await late.route("**/trpc/**", async (route) => {
		if (held || isRefresh(route.request().url())) return route.continue();
		held = true;
		const response = await route.fetch();
		expect(response.status()).toBe(401);
		lateCallRefused();
		await lateAnswerReleased;
		await route.fulfill({ response });
	});
	await late.reload();
	await lateCallHeld;

	// Meanwhile the first tab is refused too, refreshes, and the late tab's localStorage shows the new tokens.
	await first.reload();
	await expect(first.getByTestId("user-menu")).toBeVisible();
	expect(refreshes).toBe(1);
	await expect.poll(async () => (await storedTokens(late))?.token).not.toBe(refused);

	releaseLateAnswer();
	await expect(late.getByTestId("user-menu")).toBeVisible();
	await expect(late).not.toHaveURL(/\/login$/);
	expect(refreshes).toBe(1);

	await expectSessionAlive([first, late], request, before);
	expect(refreshes).toBe(1);
});
