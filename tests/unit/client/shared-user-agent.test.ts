import { describe, expect, it } from "vitest";
import { describeUserAgent } from "../../../shared/user-agent.ts";

const UA = {
	chromeMac:
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
	firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
	edgeWindows:
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70",
	safariIphone:
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
	safariIpad:
		"Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
	chromeAndroidPhone:
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36",
	chromeAndroidTablet:
		"Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
	headlessChromium:
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
};

describe("describeUserAgent", () => {
	it.each([
		["chromeMac", { browser: "Chrome 131", os: "macOS", device_type: "desktop" }],
		["firefoxLinux", { browser: "Firefox 133", os: "Linux", device_type: "desktop" }],
		["edgeWindows", { browser: "Microsoft Edge 131", os: "Windows", device_type: "desktop" }],
		["safariIphone", { browser: "Safari 18", os: "iOS", device_type: "mobile" }],
		["safariIpad", { browser: "Safari 17", os: "iOS", device_type: "tablet" }],
		["chromeAndroidPhone", { browser: "Chrome 131", os: "Android", device_type: "mobile" }],
		["chromeAndroidTablet", { browser: "Chrome 120", os: "Android", device_type: "tablet" }],
		["headlessChromium", { browser: "Chrome 131", os: "Linux", device_type: "desktop" }],
	] as const)("names the browser with its major version, the system and the kind of device: %s", (name, expected) => {
		expect(describeUserAgent(UA[name])).toEqual(expected);
	});

	it("says nothing it does not know: no header, an empty one or a script's is an unknown desktop", () => {
		const unknown = { browser: null, os: null, device_type: "desktop" };
		expect(describeUserAgent(undefined)).toEqual(unknown);
		expect(describeUserAgent(null)).toEqual(unknown);
		expect(describeUserAgent("")).toEqual(unknown);
		expect(describeUserAgent("curl/8.5.0")).toEqual(unknown);
		expect(describeUserAgent("lightMyRequest")).toEqual(unknown);
	});
});
