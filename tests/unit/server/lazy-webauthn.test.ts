import { expect, it } from "vitest";
import { moduleLoadsAroundRequest } from "../../helpers/module-loads.ts";

it("@simplewebauthn/server is loaded with the first passkey ceremony, not at start", { timeout: 30_000 }, () => {
	const loads = moduleLoadsAroundRequest("/@simplewebauthn/server/", {
		method: "POST",
		url: "/api/v1/login/passkey/options",
	});
	expect(loads).toEqual({ before: false, status: 200, after: true });
});
