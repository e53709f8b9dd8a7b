/**
 * Radix Themes' utilities.css: the classes its layout props build at run time (`p="4"` is
 * `rt-r-p-4`, `p={{ initial: "2", sm: "4" }}` adds `sm:rt-r-p-4`). Four fifths of it are
 * the breakpoint variants (`@media (min-width: 768px) { .sm\:rt-r-p-4 ... }`), which only a
 * responsive value asks for, and the login screen has none.
 *
 * So the file is cut into its runs, in its order: the plain rules of one prop, then that
 * prop's rules for each breakpoint, then the next prop. Every page loads the plain runs;
 * a breakpoint's runs come with the modules that write a responsive value with that key.
 * Each run is its own cascade layer, declared in the file's order (see plugin.ts), so the
 * rules override each other exactly as they did in one file, whichever stylesheet brings them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type CssBlock, parseCss, printCss } from "./css-blocks.ts";

/** Radix's breakpoints, narrowest first (`initial` has no media query: it is the plain rules). */
export const BREAKPOINTS = ["xs", "sm", "md", "lg", "xl"] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

export type UtilityRun = { layer: string; breakpoint: Breakpoint | null; css: string };

const minWidth = (prelude: string) => Number(/min-width:\s*(\d+)px/.exec(prelude)?.[1] ?? Number.NaN);

/** utilities.css as its runs, in order; each run's layer is `u<index>`. */
export function utilityRuns(packageDir: string): UtilityRun[] {
	const blocks = parseCss(readFileSync(join(packageDir, "utilities.css"), "utf8"));
	const queries = [...new Set(blocks.flatMap((block) => (block.kind === "group" ? [block.prelude] : [])))].sort(
		(a, b) => minWidth(a) - minWidth(b),
	);
	if (queries.length !== BREAKPOINTS.length || queries.some((query) => Number.isNaN(minWidth(query))))
		throw new Error(`Radix utilities.css: expected ${BREAKPOINTS.length} min-width media queries, found ${queries}`);
	const breakpointOf = (block: CssBlock) =>
		block.kind === "group" ? BREAKPOINTS[queries.indexOf(block.prelude)]! : null;

	const runs: { breakpoint: Breakpoint | null; blocks: CssBlock[] }[] = [];
	for (const block of blocks) {
		const breakpoint = breakpointOf(block);
		const last = runs.at(-1);
		if (last && last.breakpoint === breakpoint) last.blocks.push(block);
		else runs.push({ breakpoint, blocks: [block] });
	}
	return runs.map((run, index) => ({ layer: `u${index}`, breakpoint: run.breakpoint, css: printCss(run.blocks) }));
}

/**
 * The breakpoints a module's responsive values name: a key `xs:` ... `xl:` in an object
 * literal (`{ initial: "1", sm: "2" }`). Loose on purpose: a key of that name anywhere
 * only brings a little CSS too many; a responsive value built with computed keys
 * (`{ [breakpoint]: value }`) would be missed, so write them out.
 */
export function responsiveBreakpoints(code: string): Breakpoint[] {
	return BREAKPOINTS.filter((breakpoint) => new RegExp(`[{,]\\s*["']?${breakpoint}["']?\\s*:`).test(code));
}
