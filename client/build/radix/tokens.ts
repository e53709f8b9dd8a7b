/**
 * Radix Themes' design tokens for the colours the app renders: tokens/base.css without the
 * accent and gray mappings of the palettes it does not load (`[data-accent-color='blue']`
 * points at --blue-* variables that would not exist), followed by those palettes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type CssBlock, parseCss, printCss } from "./css-blocks.ts";

const COLOR_IN_SELECTOR = /data-(?:accent|gray)-color=['"]?([a-z]+)/g;

/** Whether a rule only maps palettes outside `colors`. */
const mapsOnlyOtherPalettes = (selector: string, colors: ReadonlySet<string>) => {
	const named = [...selector.matchAll(COLOR_IN_SELECTOR)].map((match) => match[1]!);
	return named.length > 0 && named.every((color) => !colors.has(color));
};

export function tokensCss(packageDir: string, colors: readonly string[]): string {
	const keep = new Set(colors);
	const filter = (blocks: CssBlock[]): CssBlock[] =>
		blocks.flatMap((block): CssBlock[] => {
			if (block.kind === "rule") return mapsOnlyOtherPalettes(block.selector, keep) ? [] : [block];
			if (block.kind === "group") {
				const children = filter(block.children);
				return children.length > 0 ? [{ ...block, children }] : [];
			}
			return [block];
		});
	const base = filter(parseCss(readFileSync(join(packageDir, "tokens/base.css"), "utf8")));
	const palettes = colors.map((color) => readFileSync(join(packageDir, `tokens/colors/${color}.css`), "utf8"));
	return [printCss(base), ...palettes].join("\n");
}
