import { chromium } from "playwright-core";

/** Chromium DevTools' "Fast 3G" preset (the numbers its network panel uses). */
const FAST_3G = {
	offline: false,
	latency: 150 * 3.75,
	downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
	uploadThroughput: ((750 * 1024) / 8) * 0.9,
};

/**
 * Milliseconds from the start of navigation until /login is usable (the e-mail field
 * and the Log In button are there and enabled) on an emulated Fast 3G link with a cold
 * cache, and the bytes it transferred.
 */
export async function loginOnFast3G(baseUrl: string): Promise<{ usableMs: number; transferredKb: number }> {
	const browser = await chromium.launch({
		executablePath: "/usr/bin/chromium",
		args: [
			"--no-sandbox",
			"--disable-gpu",
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
		],
	});
	try {
		const context = await browser.newContext();
		const page = await context.newPage();
		const cdp = await context.newCDPSession(page);
		await cdp.send("Network.enable");
		await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
		await cdp.send("Network.emulateNetworkConditions", FAST_3G);
		let transferred = 0;
		cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
			transferred += event.encodedDataLength;
		});
		const started = Date.now();
		await page.goto(`${baseUrl}/login`, { waitUntil: "commit" });
		await page.getByTestId("email-input").waitFor({ state: "visible", timeout: 60_000 });
		await page.getByRole("button", { name: "Log In" }).waitFor({ state: "visible", timeout: 60_000 });
		const usableMs = Date.now() - started;
		return { usableMs, transferredKb: transferred / 1024 };
	} finally {
		await browser.close();
	}
}

if (process.argv[1]?.endsWith("fast3g.ts")) {
	const url = process.argv[2] ?? "http://127.0.0.1:3000";
	const result = await loginOnFast3G(url);
	console.log(
		`/login usable on Fast 3G after ${result.usableMs} ms, ${result.transferredKb.toFixed(0)} KB transferred`,
	);
}
