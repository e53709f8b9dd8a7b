import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, loginAs, screenshot, signUpAndLogIn, test, toastAtRest } from "./fixtures.ts";

/**
 * Colours as the browser paints them, through a 1 px canvas: `layers` (CSS colours, hex,
 * rgb(), display-p3...) painted bottom first over white, as sRGB bytes.
 */
const paintScript = `(layers) => {
	const canvas = document.createElement("canvas");
	canvas.width = canvas.height = 1;
	const context = canvas.getContext("2d");
	context.fillStyle = "#fff";
	context.fillRect(0, 0, 1, 1);
	for (const color of layers) {
		context.fillStyle = color;
		context.fillRect(0, 0, 1, 1);
	}
	return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
}`;

const luminance = ([r, g, b]: number[]) => {
	const [R, G, B] = [r, g, b].map((v) => {
		const c = (v ?? 0) / 255;
		return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
	});
	return 0.2126 * (R ?? 0) + 0.7152 * (G ?? 0) + 0.0722 * (B ?? 0);
};
const contrast = (a: number[], b: number[]) => {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

/** The focused element's ring: its colour and width, and the colour of what is behind it (translucent layers blended). */
async function focusRing(target: Locator) {
	return target.evaluate((element, script) => {
		const paint = new Function(`return ${script}`)() as (layers: string[]) => number[];
		const style = getComputedStyle(element);
		const layers: string[] = [];
		for (let behind = element.parentElement; behind; behind = behind.parentElement) {
			const color = getComputedStyle(behind).backgroundColor;
			if (/rgba\(.*,\s*0\)$/.test(color)) continue;
			layers.unshift(color);
			if (!/rgba/.test(color)) break;
		}
		return {
			style: style.outlineStyle,
			width: Number.parseFloat(style.outlineWidth),
			ring: paint([style.outlineColor]),
			behind: paint(layers),
		};
	}, paintScript);
}

/** Presses Tab until `target` has focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator) {
	for (let n = 0; n < 60; n++) {
		if (await target.evaluate((element) => element === document.activeElement)) return;
		await page.keyboard.press("Tab");
	}
	throw new Error("never reached by Tab");
}

async function expectVisibleRing(page: Page, target: Locator) {
	await tabTo(page, target);
	const ring = await focusRing(target);
	expect(ring.style).not.toBe("none");
	expect(ring.width).toBeGreaterThanOrEqual(2);
	expect(contrast(ring.ring, ring.behind)).toBeGreaterThanOrEqual(3);
}

const backgroundOf = (button: Locator) => button.evaluate((element) => getComputedStyle(element).backgroundColor);

test("one primary button style on the auth screens, in settings and in admin", async ({ page }) => {
	await page.goto("/login");
	const login = await backgroundOf(page.getByRole("button", { name: "Log In" }));
	await loginAs(page, ADMIN.email, ADMIN.password, "/settings");
	const seen: Record<string, string> = {
		"Edit Profile": await backgroundOf(page.getByRole("button", { name: "Edit Profile" })),
	};
	await page.getByRole("tab", { name: "Password" }).click();
	seen.Save = await backgroundOf(page.getByRole("button", { name: "Save", exact: true }));
	await page.goto("/admin");
	seen["Add User"] = await backgroundOf(page.getByTestId("add-user"));
	for (const [name, background] of Object.entries(seen)) expect(background, name).toBe(login);
});

test("one label case: form labels are in sentence case", async ({ page }) => {
	const labelsOf = async () =>
		(await page.locator("form label").allInnerTexts()).map((text) => text.replace(/\s*\*$/, "").trim());
	const offending = (labels: string[]) =>
		labels.filter((label) =>
			label
				.split(/\s+/)
				.slice(1)
				.some((word) => /^[A-Z][a-z]/.test(word)),
		);
	// allInnerTexts does not wait: each screen's last field is awaited first.
	await page.goto("/signup");
	await expect(page.getByTestId("confirm-password-input")).toBeVisible();
	const labels = await labelsOf();
	await loginAs(page, ADMIN.email, ADMIN.password, "/settings?tab=password");
	await expect(page.getByTestId("confirm-password-input")).toBeVisible();
	labels.push(...(await labelsOf()));
	await page.goto("/admin");
	await page.getByTestId("add-user").click();
	await expect(page.getByRole("dialog").locator("form label").last()).toBeVisible();
	labels.push(...(await labelsOf()));
	expect(labels.length).toBeGreaterThan(8);
	expect(offending(labels)).toEqual([]);
});

for (const scheme of ["light", "dark"] as const) {
	test(`focus rings on the grey icon buttons are 3:1 or more (${scheme})`, async ({ page, adminApi }) => {
		await page.emulateMedia({ colorScheme: scheme });
		await page.addInitScript((theme) => localStorage.setItem("theme", theme), scheme);
		await page.goto("/login");
		await page.getByTestId("password-input").fill("x");
		await expectVisibleRing(page, page.getByRole("button", { name: "Show password" }));

		const admin = await adminApi.createUser({ isSuperuser: true });
		await loginAs(page, admin.email, "e2e-password-123", "/admin");
		await expectVisibleRing(page, page.getByRole("button", { name: /^Theme/ }));
		await page.getByRole("searchbox", { name: "Search users" }).fill(ADMIN.email);
		const rowMenu = page.getByTestId("user-row").filter({ hasText: ADMIN.email }).getByTestId("user-actions");
		await expect(rowMenu).toBeVisible();
		await expectVisibleRing(page, rowMenu);
	});
}

for (const lang of ["en", "ar"] as const) {
	test(`the toast's close button is inside it, 24 px or more (${lang})`, async ({ page }) => {
		await page.addInitScript((code) => localStorage.setItem("lang", code), lang);
		await signUpAndLogIn(page);
		await page.getByRole("button", { name: /^(Theme|المظهر)/ }).click();
		await page.getByRole("menuitemradio").nth(2).click();
		const toast = page.locator("[data-sonner-toast]").first();
		await expect(toast).toBeVisible();
		await toastAtRest(toast);
		const close = toast.locator("[data-close-button]");
		const [outer, inner] = [await toast.boundingBox(), await close.boundingBox()];
		if (!outer || !inner) throw new Error("no toast or no close button");
		expect(inner.width).toBeGreaterThanOrEqual(24);
		expect(inner.height).toBeGreaterThanOrEqual(24);
		expect(inner.x).toBeGreaterThanOrEqual(outer.x);
		expect(inner.y).toBeGreaterThanOrEqual(outer.y);
		expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
		expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
		// At the end of the line: the right in English, the left in Arabic.
		const atEnd = lang === "en" ? outer.x + outer.width - (inner.x + inner.width) : inner.x - outer.x;
		expect(atEnd).toBeLessThan(16);
		await screenshot(page, `toast-close-${lang}`);
	});
}

for (const lang of ["en", "ar"] as const) {
	test(`on a phone a toast never covers the field being edited (${lang}, 360 px)`, async ({ page }) => {
		// 420 px high: a phone with its keyboard open.
		await page.setViewportSize({ width: 360, height: 420 });
		await page.addInitScript((code) => localStorage.setItem("lang", code), lang);
		await page.goto("/signup");
		await page.getByTestId("full-name-input").fill("Phone User");
		// Taken: the sign-up is refused with a toast.
		await page.getByTestId("email-input").fill(ADMIN.email);
		await page.getByTestId("password-input").fill("a-password-123");
		const password = page.getByTestId("confirm-password-input");
		await password.fill("a-password-123");
		// As a phone does above its keyboard: the field being typed in sits at the bottom of the screen.
		await password.evaluate((element) => element.scrollIntoView({ block: "end" }));
		await password.press("Enter");
		const toasts = page.locator("[data-sonner-toast]");
		await expect(toasts).toHaveCount(1);
		await expect(password).toBeFocused();
		// Past sonner's slide-in: where the toast comes to rest is what counts.
		await toastAtRest(toasts.first());
		const field = await password.boundingBox();
		const toast = await toasts.first().boundingBox();
		if (!field || !toast) throw new Error("no field or no toast");
		expect(toast.y - (field.y + field.height)).toBeGreaterThanOrEqual(0);
		await screenshot(page, `toast-clear-of-field-${lang}-360`);
	});
}
