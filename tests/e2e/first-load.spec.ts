import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { loginOnFast3G } from "../../bench/fast3g.ts";
import { loginFirstScreen, staticClosure } from "../../client/build/report-bundle.ts";
import { expect, signUpAndLogIn, test } from "./fixtures.ts";

/** The build the e2e server serves (`npm run test:e2e` builds it first). */
const dist = fileURLToPath(new URL("../../client/dist/", import.meta.url));
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, "utf8")) as Manifest;

const keyOf = (moduleSuffix: string) => {
	const key = Object.keys(manifest).find((candidate) => candidate.endsWith(moduleSuffix));
	if (!key) throw new Error(`no chunk for ${moduleSuffix} in the manifest`);
	return key;
};

/** The script files that chunks bring with them, as paths inside dist. */
const scriptsOf = (keys: string[]) => staticClosure(manifest, keys).map((chunk) => manifest[chunk]!.file);

/** The files of the built client that `page` fetches, as paths inside dist (from now on). */
function recordFetches(page: Page) {
	const fetched = new Set<string>();
	page.on("request", (request) => {
		const { pathname } = new URL(request.url());
		if (/\.(js|css)$/.test(pathname)) fetched.add(pathname.slice(1));
	});
	return fetched;
}

const onlyScripts = (files: Set<string>) => [...files].filter((file) => file.endsWith(".js")).sort();

test.describe("the first load of /login", () => {
	test("fetches exactly what the bundle budget counts; zod and the toaster at the first interaction; no other language", async ({
		page,
	}) => {
		const fetched = recordFetches(page);
		await page.goto("/login");
		await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
		await page.waitForLoadState("networkidle");

		const budgeted = loginFirstScreen(dist);
		expect(onlyScripts(fetched)).toEqual([...budgeted.js].sort());
		expect([...fetched].filter((file) => file.endsWith(".css")).sort()).toEqual([...budgeted.css].sort());

		// What the login screen imports lazily: the form's schema, with zod, and (on a click only) the passkey library.
		const passkeyKey = keyOf("@simplewebauthn/browser/esm/index.js");
		const passkeyLibrary = scriptsOf([passkeyKey]).filter((file) => !budgeted.js.includes(file));
		const schema = scriptsOf(manifest[keyOf("routes/login.tsx")]!.dynamicImports ?? []).filter(
			(file) => !budgeted.js.includes(file) && !passkeyLibrary.includes(file),
		);
		const toaster = scriptsOf([keyOf("components/sonner-toaster.tsx")]).filter((file) => !budgeted.js.includes(file));
		expect(schema.length).toBeGreaterThan(0);
		expect(toaster.length).toBeGreaterThan(0);

		// The first focus brings them; the field's rules then speak as before.
		await page.getByTestId("password-input").focus();
		await expect.poll(() => [...schema, ...toaster].filter((file) => !fetched.has(file))).toEqual([]);
		await page.getByTestId("password-input").fill("short");
		await page.getByTestId("password-input").blur();
		await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

		for (const other of ["ar", "fr"])
			for (const file of scriptsOf([keyOf(`shared/i18n/${other}/index.ts`)]))
				if (!budgeted.js.includes(file)) expect(fetched.has(file), `${file} (${other})`).toBe(false);

		// The passkey library comes only with a click on "Sign in with a passkey", not with the first load or focus.
		expect(passkeyLibrary).toContain(manifest[passkeyKey]!.file);
		for (const file of passkeyLibrary) expect(fetched.has(file), file).toBe(false);
	});

	test("a French visitor fetches the French dictionary and no other", async ({ browser }) => {
		const context = await browser.newContext({ locale: "fr-FR" });
		const page = await context.newPage();
		const fetched = recordFetches(page);
		await page.goto("/login");
		await expect(page.getByRole("button", { name: "Se connecter", exact: true })).toBeEnabled();
		await page.waitForLoadState("networkidle");
		const own = (language: string) => manifest[keyOf(`shared/i18n/${language}/index.ts`)]!.file;
		expect(fetched.has(own("fr"))).toBe(true);
		expect(fetched.has(own("en"))).toBe(false);
		expect(fetched.has(own("ar"))).toBe(false);
		await context.close();
	});

	test("is usable in under 3 s on Fast 3G (median of 3 cold loads) @quiet", async ({ browser, baseURL }) => {
		test.setTimeout(240_000);
		const result = await loginOnFast3G(browser, baseURL!, 3);
		const times = result.loads.map((load) => load.usableMs);
		test.info().annotations.push({ type: "Fast 3G", description: `${times.join(", ")} ms, median ${result.medianMs}` });
		expect(result.medianMs, `loads took ${times.join(", ")} ms`).toBeLessThan(3_000);
	});
});

test("a breakpoint's utilities come with the screen that uses them: the user menu names the user from 768 px", async ({
	page,
}) => {
	// <Box display={{ initial: "none", sm: "block" }}>: sm:rt-r-display-block is not in the login screen's CSS.
	await page.setViewportSize({ width: 1024, height: 800 });
	const user = await signUpAndLogIn(page, { fullName: "Wide Screen" });
	const name = page.getByTestId("user-menu").getByText(user.fullName);
	await expect(name).toBeVisible();
	await page.setViewportSize({ width: 600, height: 800 });
	await expect(name).toBeHidden();
});
