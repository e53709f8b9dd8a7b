/**
 * Radix Themes' CSS by the piece (issue 11: the login screen loaded all 59 KB of it).
 *
 * - `virtual:radix-themes/base.css`: the tokens of the app's colours, the base every page
 *   needs (reset, layout, Text, theme-wide rules) and the plain utility classes. Those are
 *   kept whole: Radix builds their names from props at run time (`rt-r-p-4`), so no scan
 *   of our sources could prove one unused.
 * - The utilities of a breakpoint (`sm:rt-r-p-4`) come with the modules whose responsive
 *   values name it (utilities.ts).
 * - Every app module that imports components from "@radix-ui/themes" also imports the CSS
 *   of exactly those components (and of what they render), so Vite puts each component's
 *   CSS into the chunk of the screen that uses it.
 * - Each piece (and each run of utilities.css) sits in its own cascade layer, declared in
 *   Radix's own order by a <style> at the top of index.html, before any stylesheet: a
 *   screen's CSS arriving later cannot reorder the cascade, whatever chunk it lands in,
 *   and app.css (unlayered) always wins over Radix, as it did when it came last. (Radix's rules are all one class deep, so
 *   their order alone decided between them; the layers keep that order.)
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { Plugin } from "vite";
import { unitsByExport } from "./component-units.ts";
import { CORE, splitComponentsCss } from "./split-components.ts";
import { tokensCss } from "./tokens.ts";
import { type Breakpoint, responsiveBreakpoints, type UtilityRun, utilityRuns } from "./utilities.ts";

const PREFIX = "virtual:radix-themes/";
const RESOLVED = `\0${PREFIX}`;
const BASE = `${PREFIX}base.css`;
const unitModule = (unit: string) => `${PREFIX}unit/${layerId(unit)}.css`;
const utilitiesModule = (breakpoint: Breakpoint) => `${PREFIX}utilities-${breakpoint}.css`;

/** `_internal/base-button.css` -> `base-button`: a CSS identifier for the unit's layer. */
export const layerId = (unit: string) => unit.replace(/^_internal\//, "").replace(/\.css$/, "");

/**
 * The named imports of "@radix-ui/themes" in a module (`import { Button, type X, Flex as F }`
 * and `export { Y } from`), type-only ones left out; null when a module imports the package
 * some other way, whose components could not be told.
 */
export function importedComponents(code: string): string[] | null {
	const names: string[] = [];
	const from = /(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']@radix-ui\/themes["']/g;
	for (const match of code.matchAll(from)) {
		if (match[2]) continue;
		const braces = match[3]!.match(/^\{([^}]*)\}$/s);
		if (!braces) return null;
		for (const specifier of braces[1]!.split(",")) {
			const name = specifier
				.trim()
				.split(/\s+as\s+/)[0]!
				.trim();
			if (name && !name.startsWith("type ")) names.push(name);
		}
	}
	// A side-effect or dynamic import of the package would slip past the pattern above.
	if (/import\s*\(?\s*["']@radix-ui\/themes["']/.test(code)) return null;
	return names;
}

export function radixThemesCss({ colors }: { colors: readonly string[] }): Plugin {
	const packageDir = dirname(createRequire(import.meta.url).resolve("@radix-ui/themes/package.json"));
	let units: Map<string, string> | undefined;
	let byExport: Map<string, string[]> | undefined;
	let utilities: UtilityRun[] | undefined;
	const load = () => {
		units ??= splitComponentsCss({ packageDir });
		byExport ??= unitsByExport(packageDir);
		utilities ??= utilityRuns(packageDir);
		return { units, byExport, utilities };
	};
	const layered = (runs: UtilityRun[]) => runs.map((run) => `@layer radix.${run.layer} {\n${run.css}\n}`);

	return {
		name: "portico-radix-themes-css",
		enforce: "pre",
		resolveId(id) {
			return id.startsWith(PREFIX) ? `\0${id}` : null;
		},
		load(id) {
			if (!id.startsWith(RESOLVED)) return null;
			const { units, utilities } = load();
			const name = id.slice(1);
			if (name === BASE) {
				return [
					`@layer radix.tokens {\n${tokensCss(packageDir, colors)}\n}`,
					`@layer radix.core {\n${units.get(CORE)}\n}`,
					...layered(utilities.filter((run) => run.breakpoint === null)),
				].join("\n");
			}
			const breakpoint = utilities.find(
				(run) => run.breakpoint && utilitiesModule(run.breakpoint) === name,
			)?.breakpoint;
			if (breakpoint) return layered(utilities.filter((run) => run.breakpoint === breakpoint)).join("\n");
			const unit = [...units.keys()].find((candidate) => unitModule(candidate) === name);
			if (!unit) this.error(`unknown Radix Themes stylesheet ${name}`);
			return `@layer radix.${layerId(unit)} {\n${units.get(unit)}\n}\n`;
		},
		transformIndexHtml() {
			const { units, utilities } = load();
			const order = ["tokens", ...[...units.keys()].map(layerId), ...utilities.map((run) => run.layer)];
			const statement = `@layer ${order.map((layer) => `radix.${layer}`).join(",")};`;
			return [{ tag: "style", children: statement, injectTo: "head-prepend" }];
		},
		transform(code, id) {
			if (id.includes("/node_modules/") || id.startsWith("\0") || !/\.[jt]sx?$/.test(id)) return null;
			const imports = responsiveBreakpoints(code).map(utilitiesModule);
			if (code.includes("@radix-ui/themes")) {
				const names = importedComponents(code);
				if (names === null)
					this.error(`${id}: import Radix Themes components by name ({ Button }), so their CSS can come with them`);
				const { units, byExport } = load();
				const needed = new Set(names.flatMap((name) => byExport.get(name) ?? []));
				imports.push(...[...needed].filter((unit) => units.has(unit)).map(unitModule));
			}
			if (imports.length === 0) return null;
			// Appended, not prepended: the module's lines (and source map) stay where they are.
			return { code: `${code}\n${imports.map((module) => `import "${module}";`).join("\n")}\n`, map: null };
		},
	};
}
