import { describe, expect, it } from "vitest";
import { staticClosure } from "../../../client/build/report-bundle.ts";

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

describe("toast queue", () => {
	it("shows at most the limit and the rest in order as others close", async () => {
		const { createToastQueue } = await import("../../../client/lib/toast.ts");
		const queue = createToastQueue(2);
		const shown: string[] = [];
		const closers: (() => void)[] = [];
		for (const name of ["a", "b", "c", "d"])
			queue.push((onClose) => {
				shown.push(name);
				closers.push(onClose);
			});
		expect(shown).toEqual(["a", "b"]);
		closers[0]?.();
		closers[0]?.(); // closing twice frees one slot only
		expect(shown).toEqual(["a", "b", "c"]);
		closers[1]?.();
		expect(shown).toEqual(["a", "b", "c", "d"]);
		expect(queue.size).toEqual({ open: 2, waiting: 0 });
	});
});
