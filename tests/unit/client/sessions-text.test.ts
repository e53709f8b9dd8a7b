import { describe, expect, it } from "vitest";
import { activityText, deviceText } from "../../../client/features/sessions/device-text.ts";
import { capitalized, localDate, relativeTime } from "../../../client/lib/locale-format.ts";
import { loadAllLocales } from "../../../shared/i18n/i18n-util.sync.ts";
import { i18nObject } from "../../../shared/i18n/i18n-util.ts";
import type { AuditEvent } from "../../../shared/schemas/audit.ts";

loadAllLocales();
const en = i18nObject("en");
const fr = i18nObject("fr");
const ar = i18nObject("ar");

const NOW = Date.parse("2026-11-23T12:00:00Z");
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
	id: 1,
	at: ago(60),
	action: "auth.login",
	actor_id: "u",
	actor_email: "u@example.com",
	subject_id: "u",
	subject_email: "u@example.com",
	ip: "10.0.0.1",
	user_agent: null,
	details: {},
	...overrides,
});

describe("relativeTime", () => {
	it("uses the largest unit that fits, in the UI language", () => {
		expect(relativeTime(ago(5 * 60), NOW, "en")).toBe("5 minutes ago");
		expect(relativeTime(ago(3 * 3600), NOW, "en")).toBe("3 hours ago");
		expect(relativeTime(ago(86_400), NOW, "en")).toBe("yesterday");
		expect(relativeTime(ago(10 * 86_400), NOW, "en")).toBe("10 days ago");
		expect(relativeTime(ago(90 * 86_400), NOW, "en")).toBe("3 months ago");
		expect(relativeTime(ago(800 * 86_400), NOW, "en")).toBe("2 years ago");
		expect(relativeTime(ago(5 * 60), NOW, "fr")).toBe("il y a 5 minutes");
		expect(relativeTime(ago(5 * 60), NOW, "ar")).toBe(new Intl.RelativeTimeFormat("ar").format(-5, "minute"));
	});

	it("calls anything under a minute 'now' (the server notes a session's use once a minute)", () => {
		expect(relativeTime(ago(0), NOW, "en")).toBe("now");
		expect(relativeTime(ago(59), NOW, "en")).toBe("now");
		expect(relativeTime(ago(59), NOW, "fr")).toBe("maintenant");
	});

	it("capitalises a time that opens a line, in any language", () => {
		expect(capitalized(relativeTime(ago(86_400), NOW, "en"), "en")).toBe("Yesterday");
		expect(capitalized(relativeTime(ago(0), NOW, "fr"), "fr")).toBe("Maintenant");
		expect(capitalized(relativeTime(ago(0), NOW, "ar"), "ar")).toBe(relativeTime(ago(0), NOW, "ar"));
	});

	it("formats the date the locale's way", () => {
		expect(localDate("2026-11-03T12:00:00Z", "en")).toBe("Nov 3, 2026");
		expect(localDate("2026-11-03T12:00:00Z", "fr")).toBe("3 nov. 2026");
	});
});

describe("deviceText", () => {
	it("says 'Chrome 131 on macOS' in each language, or whichever half is known", () => {
		expect(deviceText(en, { browser: "Chrome 131", os: "macOS" })).toBe("Chrome 131 on macOS");
		expect(deviceText(fr, { browser: "Chrome 131", os: "macOS" })).toBe("Chrome 131 sur macOS");
		expect(deviceText(ar, { browser: "Chrome 131", os: "macOS" })).toBe("Chrome 131 على macOS");
		expect(deviceText(en, { browser: null, os: "Linux" })).toBe("Linux");
		expect(deviceText(en, { browser: null, os: null })).toBeNull();
	});
});

describe("activityText", () => {
	it("names the device of a sign-in, failed or not, from the event's user agent", () => {
		expect(activityText(en, event({ user_agent: FIREFOX_LINUX }))).toBe("Signed in from Firefox 133 on Linux");
		expect(activityText(fr, event({ user_agent: FIREFOX_LINUX }))).toBe("Connexion depuis Firefox 133 sur Linux");
		expect(activityText(en, event({ action: "auth.login_failed", user_agent: FIREFOX_LINUX }))).toBe(
			"Failed sign-in attempt from Firefox 133 on Linux",
		);
		expect(activityText(en, event({ user_agent: "curl/8.5.0" }))).toBe("Signed in");
	});

	it("names the device a revoked session was on, from the event's details", () => {
		const revoked = event({ action: "session.revoke", details: { browser: "Safari 18", os: "iOS" } });
		expect(activityText(en, revoked)).toBe("Session revoked: Safari 18 on iOS");
		expect(activityText(en, event({ action: "session.revoke", details: {} }))).toBe("Session revoked");
	});

	it("uses the vocabulary's plain words for the other events", () => {
		expect(activityText(en, event({ action: "password.change", user_agent: FIREFOX_LINUX }))).toBe("Password changed");
		expect(activityText(ar, event({ action: "password.change" }))).toBe("تم تغيير كلمة المرور");
		expect(activityText(en, event({ action: "admin.sessions_revoke" }))).toBe(
			"Signed out everywhere by an administrator",
		);
	});
});
