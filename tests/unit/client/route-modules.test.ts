import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const routes = fileURLToPath(new URL("../../../client/routes/", import.meta.url));

/**
 * One pattern for client/routes/ (docs/architecture.md, Rooms): a route module only mounts a
 * screen that lives in its feature, so a screen's code is found beside its hooks and parts.
 */
describe("a route module of client/routes/", () => {
	const modules = readdirSync(routes).map((file) => ({ file, text: readFileSync(`${routes}${file}`, "utf8") }));

	it.each(modules)("$file exports only Component, a thin mount of features and components", ({ text }) => {
		const exports = [...text.matchAll(/^export\s+(?:async\s+)?(?:function|const|class|type)\s+(\w+)/gm)].map(
			(match) => match[1],
		);
		expect(exports).toEqual(["Component"]);
		const imports = [...text.matchAll(/from\s+"([^"]+)"/g)].map((match) => match[1]);
		expect(imports.every((path) => /^\.\.\/(features|components)\//.test(path ?? ""))).toBe(true);
		expect(text.split("\n").length).toBeLessThanOrEqual(15);
	});
});
