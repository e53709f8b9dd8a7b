import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { unitsByExport } from "../../../client/build/radix/component-units.ts";
import { type CssBlock, parseCss } from "../../../client/build/radix/css-blocks.ts";
import { importedComponents, layerId } from "../../../client/build/radix/plugin.ts";
import { CORE, splitComponentsCss } from "../../../client/build/radix/split-components.ts";
import { tokensCss } from "../../../client/build/radix/tokens.ts";
import { BREAKPOINTS, responsiveBreakpoints, utilityRuns } from "../../../client/build/radix/utilities.ts";

const packageDir = dirname(createRequire(import.meta.url).resolve("@radix-ui/themes/package.json"));

/** Every rule with the at-rules around it, one string each: what a stylesheet says, whatever its grouping. */
function leaves(blocks: CssBlock[], around = ""): string[] {
	return blocks.flatMap((block) =>
		block.kind === "group" ? leaves(block.children, `${around}${block.prelude} | `) : [`${around}${block.text}`],
	);
}

describe("Radix Themes components.css, by component", () => {
	const units = splitComponentsCss({ packageDir });

	it("puts every built rule in exactly one stylesheet, none lost, none added", () => {
		const whole = leaves(parseCss(readFileSync(join(packageDir, "components.css"), "utf8"))).sort();
		const split = [...units.values()].flatMap((css) => leaves(parseCss(css))).sort();
		expect(split.length).toBe(whole.length);
		expect(split).toEqual(whole);
	});

	it("gives each component its own rules and the theme-wide ones to the core", () => {
		expect(units.get("button.css")).toContain(".rt-Button:where(.rt-variant-ghost)");
		expect(units.get("button.css")).not.toContain(".rt-TextFieldRoot");
		expect(units.get("_internal/base-button.css")).toContain(".rt-BaseButton");
		// Radix merged the custom properties of several components into one block on .radix-themes.
		expect(units.get(CORE)).toContain("--select-trigger-classic-box-shadow");
		expect(units.get(CORE)).toContain(".rt-reset");
		// A keyframes block goes with the one component that animates with it.
		expect(units.get("spinner.css")).toContain("@keyframes rt-spinner-leaf-fade");
		// `.rt-Inset` rules inside table.css belong to the table.
		expect(units.get("table.css")).toContain(".rt-Inset :where(.rt-TableCell:first-child)");
	});

	it("names a CSS identifier for each stylesheet's layer", () => {
		for (const unit of units.keys()) expect(layerId(unit)).toMatch(/^[a-z][a-z-]*$/);
	});
});

describe("the stylesheets a Radix export needs", () => {
	const byExport = unitsByExport(packageDir);

	it("includes the base it builds on and the components it draws itself", () => {
		expect(byExport.get("Button")).toEqual(
			expect.arrayContaining(["_internal/base-button.css", "button.css", "spinner.css"]),
		);
		expect(byExport.get("Select")).toEqual(expect.arrayContaining(["select.css", "scroll-area.css"]));
		expect(byExport.get("RadioGroup")).toEqual(expect.arrayContaining(["radio-group.css", "_internal/base-radio.css"]));
		expect(byExport.get("Dialog")).toEqual(expect.arrayContaining(["_internal/base-dialog.css", "heading.css"]));
	});

	it("leaves out what every page has anyway", () => {
		expect(byExport.get("Flex")).toEqual([]);
		expect(byExport.get("Text")).toEqual([]);
		expect(byExport.get("Theme")).toEqual([]);
	});
});

describe("which Radix components a module imports", () => {
	it("reads named imports, aliases and re-exports, and skips types", () => {
		const code = [
			'import { Button, Flex as Row, type ButtonProps } from "@radix-ui/themes";',
			'import type { TextProps } from "@radix-ui/themes";',
			"import {\n\tDialog,\n\tTextField,\n} from '@radix-ui/themes';",
			'export { Card } from "@radix-ui/themes";',
			'import { useState } from "react";',
		].join("\n");
		expect(importedComponents(code)).toEqual(["Button", "Flex", "Dialog", "TextField", "Card"]);
	});

	it("refuses imports whose components cannot be told", () => {
		expect(importedComponents('import * as Themes from "@radix-ui/themes";')).toBeNull();
		expect(importedComponents('import Themes from "@radix-ui/themes";')).toBeNull();
		expect(importedComponents('const themes = await import("@radix-ui/themes");')).toBeNull();
	});
});

describe("Radix tokens", () => {
	const css = tokensCss(packageDir, ["gray", "slate", "teal", "red"]);

	it("keeps the mappings of the palettes loaded and drops the others", () => {
		expect(css).toContain("[data-accent-color='teal']");
		expect(css).toContain("[data-accent-color='red']");
		expect(css).toContain(".radix-themes:where([data-gray-color='slate'])");
		expect(css).not.toContain("[data-accent-color='blue']");
		expect(css).not.toContain("[data-gray-color='sand']");
		// The palettes themselves follow.
		expect(css).toContain("--teal-9:");
		expect(css).not.toContain("--blue-9:");
	});
});

describe("Radix utilities.css, by breakpoint", () => {
	const runs = utilityRuns(packageDir);

	it("keeps every rule, in the file's order, across its runs", () => {
		const whole = leaves(parseCss(readFileSync(join(packageDir, "utilities.css"), "utf8")));
		const split = runs.flatMap((run) => leaves(parseCss(run.css)));
		expect(split).toEqual(whole);
		expect(new Set(runs.map((run) => run.layer)).size).toBe(runs.length);
	});

	it("gives a breakpoint's runs only that breakpoint's classes, the plain runs none", () => {
		for (const run of runs) {
			const selectors = parseCss(run.css).flatMap((block) =>
				block.kind === "group" ? block.children.map((child) => (child.kind === "rule" ? child.selector : "")) : [],
			);
			if (run.breakpoint === null) expect(run.css).not.toMatch(/@media|\\:/);
			else
				for (const selector of selectors.flatMap((list) => list.split(",")))
					expect(selector.trim()).toMatch(new RegExp(`^\\.${run.breakpoint}\\\\:-?rt-`));
		}
		expect(new Set(runs.map((run) => run.breakpoint))).toEqual(new Set([null, ...BREAKPOINTS]));
	});

	it("tells which breakpoints a module's responsive values name", () => {
		expect(responsiveBreakpoints('<Grid columns={{ initial: "1", sm: "2" }} gap="4">')).toEqual(["sm"]);
		expect(responsiveBreakpoints('const width = { xs: "100%", "lg": "50%" };')).toEqual(["xs", "lg"]);
		expect(responsiveBreakpoints('<Box display={{ initial: "none" }} />')).toEqual([]);
		expect(responsiveBreakpoints('const label = "sm: small"; // md: later')).toEqual([]);
	});
});
