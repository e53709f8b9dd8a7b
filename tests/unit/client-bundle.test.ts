import { describe, expect, it } from "vitest";
import { staticClosure } from "../../client/report-bundle.ts";

describe("login bundle report", () => {
	it("follows static imports only, once each", () => {
		const manifest = {
			"main.tsx": { file: "a.js", isEntry: true, imports: ["_shared.js"], dynamicImports: ["routes/login.tsx"] },
			"_shared.js": { file: "s.js", imports: ["main.tsx"] },
			"routes/login.tsx": { file: "l.js", imports: ["_shared.js", "_form.js"] },
			"_form.js": { file: "f.js" },
			"routes/admin.tsx": { file: "x.js", imports: ["_big.js"] },
			"_big.js": { file: "b.js" },
		};
		expect(staticClosure(manifest, ["main.tsx", "routes/login.tsx"]).sort()).toEqual(
			["_form.js", "_shared.js", "main.tsx", "routes/login.tsx"].sort(),
		);
	});
});
