import { type Browser, chromium } from "playwright-core";

/** Chromium DevTools' "Fast 3G" preset (the numbers its network panel uses). */
export const FAST_3G = {
	offline: false,
	latency: 150 * 3.75,
	downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
	uploadThroughput: ((750 * 1024) / 8) * 0.9,
};

export type Fast3GLoad = { usableMs: number; transferredKb: number };

/**
 * One visit to /login as a new visitor would make it (a fresh context, so a cold cache) on
 * an emulated Fast 3G link: milliseconds from the start of navigation until the form is
 * usable (e-mail and password fields and the Log In button shown and enabled), and the
 * bytes transferred by then.
 */
export async function loadLoginOnFast3G(browser: Browser, baseUrl: string): Promise<Fast3GLoad> {
	const context = await browser.newContext({ locale: "en-US" });
	try {
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
		// Polled every 50 ms in the page, so the figure is not rounded up to a test runner's retry interval.
		await page.waitForFunction(
			() => {
				const email = document.querySelector<HTMLInputElement>('[data-testid="email-input"]');
				const password = document.querySelector<HTMLInputElement>('[data-testid="password-input"]');
				const submit = [...document.querySelectorAll("button")].find((button) => button.textContent === "Log In");
				return [email, password, submit].every((element) => element && !element.disabled && element.checkVisibility());
			},
			undefined,
			{ polling: 50, timeout: 60_000 },
		);
		const usableMs = Date.now() - started;
		return { usableMs, transferredKb: transferred / 1024 };
	} finally {
		await context.close();
	}
}

/** `runs` such visits, one after the other, and their median. */
export async function loginOnFast3G(browser: Browser, baseUrl: string, runs = 3) {
	const loads: Fast3GLoad[] = [];
	for (let run = 0; run < runs; run++) loads.push(await loadLoginOnFast3G(browser, baseUrl));
	const times = loads.map((load) => load.usableMs).sort((a, b) => a - b);
	return { loads, medianMs: times[Math.floor(times.length / 2)]!, minMs: times[0]!, maxMs: times.at(-1)! };
}

export const launchChromium = () =>
	chromium.launch({
		executablePath: "/usr/bin/chromium",
		args: [
			"--no-sandbox",
			"--disable-gpu",
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
		],
	});

if (process.argv[1]?.endsWith("fast3g.ts")) {
	const url = process.argv[2] ?? "http://127.0.0.1:3000";
	const runs = Number(process.argv[3] ?? 3);
	const browser = await launchChromium();
	try {
		const result = await loginOnFast3G(browser, url, runs);
		for (const load of result.loads)
			console.log(`  /login usable after ${load.usableMs} ms, ${load.transferredKb.toFixed(0)} KB transferred`);
		console.log(
			`/login usable on Fast 3G: median ${result.medianMs} ms of ${runs} cold loads (${result.minMs}-${result.maxMs} ms)`,
		);
	} finally {
		await browser.close();
	}
}
