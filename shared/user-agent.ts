import Bowser from "bowser";

export const deviceTypes = ["desktop", "mobile", "tablet"] as const;
export type DeviceType = (typeof deviceTypes)[number];

/** What a person recognises their device by; null where the header does not say. */
export type DeviceDescription = {
	/** The browser's name and major version: "Chrome 131". */
	browser: string | null;
	/** The system's name: "macOS", "Windows", "iOS", "Android", "Linux". */
	os: string | null;
	device_type: DeviceType;
};

const UNKNOWN: DeviceDescription = { browser: null, os: null, device_type: "desktop" };

/** bowser's platform types beyond ours (tv, bot) count as desktop. */
const asDeviceType = (type: string | undefined): DeviceType =>
	type === "mobile" || type === "tablet" ? type : "desktop";

/**
 * Reads a User-Agent header (bowser: MIT, maintained; ua-parser-js 2 is AGPL). The server
 * describes sessions with it and the client the events of the activity list, so both say
 * the same thing about the same header.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
	if (!userAgent) return UNKNOWN;
	const parsed = Bowser.parse(userAgent);
	const name = parsed.browser.name || null;
	const major = parsed.browser.version?.split(".")[0];
	return {
		browser: name && major ? `${name} ${major}` : name,
		os: parsed.os.name || null,
		device_type: asDeviceType(parsed.platform.type),
	};
}
