import { describe, expect, it } from "vitest";
import { tabFromParam, visibleTabs } from "../../../client/features/settings/settings-tabs.ts";

describe("settings tabs", () => {
	it("shows seven tabs to a user, Security, Sessions then Tokens after Password, and hides the danger zone from a superuser", () => {
		expect(visibleTabs(false)).toEqual([
			"my-profile",
			"password",
			"security",
			"sessions",
			"tokens",
			"appearance",
			"danger-zone",
		]);
		expect(visibleTabs(true)).toEqual(["my-profile", "password", "security", "sessions", "tokens", "appearance"]);
	});

	it("opens the tab named by ?tab=, else My profile", () => {
		expect(tabFromParam(null, false)).toBe("my-profile");
		expect(tabFromParam("password", false)).toBe("password");
		expect(tabFromParam("appearance", true)).toBe("appearance");
		expect(tabFromParam("sessions", true)).toBe("sessions");
		expect(tabFromParam("danger-zone", false)).toBe("danger-zone");
		expect(tabFromParam("danger-zone", true)).toBe("my-profile");
		expect(tabFromParam("nonsense", false)).toBe("my-profile");
	});
});
