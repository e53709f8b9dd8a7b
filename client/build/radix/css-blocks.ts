/**
 * A minimal reader of plain (already built, un-nested) CSS: the top-level statements of a
 * stylesheet, and the statements inside grouping at-rules (@media, @supports). Enough to
 * slice Radix Themes' built stylesheets; not a general CSS parser.
 */

export type CssBlock =
	/** `selector { declarations }` */
	| { kind: "rule"; selector: string; text: string }
	/** `@media (...) { blocks }`, `@supports (...) { blocks }` */
	| { kind: "group"; prelude: string; children: CssBlock[] }
	/** `@keyframes`, `@font-face` and any other at-rule, kept whole */
	| { kind: "at"; prelude: string; text: string };

const GROUPING = /^@(media|supports|layer|container)\b/;

/** Index of the `}` closing the `{` at `open`, skipping strings and comments. */
function closingBrace(css: string, open: number): number {
	let depth = 0;
	for (let i = open; i < css.length; i++) {
		const char = css[i];
		if (char === '"' || char === "'") {
			i = css.indexOf(char, i + 1);
			if (i < 0) break;
		} else if (char === "/" && css[i + 1] === "*") {
			i = css.indexOf("*/", i + 2) + 1;
			if (i <= 0) break;
		} else if (char === "{") depth++;
		else if (char === "}" && --depth === 0) return i;
	}
	throw new Error(`unbalanced braces in CSS near: ${css.slice(open, open + 80)}`);
}

export function parseCss(css: string): CssBlock[] {
	const blocks: CssBlock[] = [];
	const source = css.replace(/\/\*[\s\S]*?\*\//g, "");
	let at = 0;
	while (at < source.length) {
		const open = source.indexOf("{", at);
		const semicolon = source.indexOf(";", at);
		if (open < 0) break;
		// A statement at-rule (`@import ...;`, `@layer a, b;`) before the next block.
		if (semicolon >= 0 && semicolon < open && source.slice(at, semicolon).trim().startsWith("@")) {
			const text = source.slice(at, semicolon + 1).trim();
			blocks.push({ kind: "at", prelude: text.slice(0, -1), text });
			at = semicolon + 1;
			continue;
		}
		const close = closingBrace(source, open);
		const prelude = source.slice(at, open).trim();
		const text = `${prelude} {${source.slice(open + 1, close)}}`;
		if (GROUPING.test(prelude)) {
			blocks.push({ kind: "group", prelude, children: parseCss(source.slice(open + 1, close)) });
		} else if (prelude.startsWith("@")) blocks.push({ kind: "at", prelude, text });
		else blocks.push({ kind: "rule", selector: prelude, text });
		at = close + 1;
	}
	return blocks;
}

export function printCss(blocks: CssBlock[]): string {
	return blocks
		.map((block) => (block.kind === "group" ? `${block.prelude} {\n${printCss(block.children)}\n}` : block.text))
		.join("\n");
}
