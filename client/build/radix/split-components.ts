/**
 * Slices Radix Themes' built components.css into one stylesheet per source file
 * (button.css, _internal/base-button.css, ...), so each screen loads only the CSS of the
 * components it renders. The bytes are Radix's own build output, rule for rule and in its
 * order; only the grouping is ours.
 *
 * Which file a built rule came from is read from the component classes in its selector
 * (`.rt-Button`, `.rt-TextFieldInput`): the source file that mentions all of them. Rules
 * with none (theme-wide custom properties Radix merged into one block, shared keyframes)
 * go to "core", which every page loads; a keyframes block used by one file's rules goes
 * with that file. A rule nothing explains stops the build rather than being dropped.
 */
import { readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { type CssBlock, parseCss, printCss } from "./css-blocks.ts";

/** The unit every page loads: the reset, animations, layout primitives, Text and theme-wide rules. */
export const CORE = "core";

/** Files that Radix loads before any component and that the root Theme itself needs. */
const CORE_FILES = new Set([
	"reset.css",
	"animations.css",
	"box.css",
	"flex.css",
	"grid.css",
	"section.css",
	"container.css",
	"skeleton.css",
	"text.css",
	"index.css",
]);

export type RadixSources = {
	/** node_modules/@radix-ui/themes */
	packageDir: string;
};

const COMPONENT_CLASS = /\.(rt-[A-Z][A-Za-z0-9]*)/g;
const classesIn = (text: string) => new Set([...text.matchAll(COMPONENT_CLASS)].map((match) => match[1]!));

/** The source files of components/index.css in the order its @imports bring them (each once). */
export function sourceOrder(componentsDir: string): string[] {
	const order: string[] = [];
	const seen = new Set<string>();
	const visit = (file: string) => {
		if (seen.has(file)) return;
		seen.add(file);
		const text = readFileSync(join(componentsDir, file), "utf8");
		for (const match of text.matchAll(/^@import '(.+)';/gm))
			visit(posix.normalize(posix.join(posix.dirname(file), match[1]!)));
		order.push(file);
	};
	visit("index.css");
	return order;
}

/** Each source file's own @imports (its internal base files), for loading them with it. */
export function sourceImports(componentsDir: string, file: string): string[] {
	const text = readFileSync(join(componentsDir, file), "utf8");
	return [...text.matchAll(/^@import '(.+)';/gm)].map((match) =>
		posix.normalize(posix.join(posix.dirname(file), match[1]!)),
	);
}

const sourceText = (componentsDir: string, file: string) =>
	readFileSync(join(componentsDir, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

/** Component class -> the unit that defines it: the first source file where it starts a selector. */
export function classDefiners(componentsDir: string): Map<string, string> {
	const definer = new Map<string, string>();
	for (const file of sourceOrder(componentsDir))
		for (const match of sourceText(componentsDir, file).matchAll(/^\s*\.(rt-[A-Z][A-Za-z0-9]*)/gm))
			if (!definer.has(match[1]!)) definer.set(match[1]!, unitOf(file));
	return definer;
}

export const unitOf = (file: string) => (CORE_FILES.has(file) || file === "layout.css" ? CORE : file);

/**
 * components.css as Map<unit, css>, units in Radix's order. `unit` is a source file path
 * relative to src/components (e.g. "button.css", "_internal/base-button.css") or CORE.
 */
export function splitComponentsCss({ packageDir }: RadixSources): Map<string, string> {
	const componentsDir = join(packageDir, "src/components");
	const order = sourceOrder(componentsDir);
	const claims = new Map<string, string[]>();
	for (const file of order)
		for (const name of classesIn(sourceText(componentsDir, file)))
			claims.set(name, [...(claims.get(name) ?? []), unitOf(file)]);
	const definer = classDefiners(componentsDir);
	const ranked = [...new Set([CORE, ...order.map(unitOf)])];
	const rank = new Map(ranked.map((unit, index) => [unit, index]));

	let region = CORE;
	/** The unit a selector belongs to: the one whose sources mention every component class in it. */
	const unitOfSelector = (selector: string): string | null => {
		const names = [...classesIn(selector)];
		if (names.length === 0) return null;
		let candidates = new Set(claims.get(names[0]!) ?? []);
		for (const name of names.slice(1)) candidates = new Set((claims.get(name) ?? []).filter((u) => candidates.has(u)));
		if (candidates.size === 1) return [...candidates][0]!;
		// Mentioned by several files (`.rt-Inset` in inset.css and table.css): the file whose
		// part of components.css we are in, else the one that defines the class.
		if (candidates.has(region)) return region;
		const defined = names.length === 1 ? definer.get(names[0]!) : undefined;
		if (defined && candidates.has(defined)) return defined;
		throw new Error(`Radix CSS: cannot tell which component "${selector}" belongs to (${[...candidates]})`);
	};

	const units = new Map<string, CssBlock[]>();
	const add = (unit: string, block: CssBlock) => units.set(unit, [...(units.get(unit) ?? []), block]);
	const keyframes: { name: string; block: CssBlock; wrap: (block: CssBlock) => CssBlock }[] = [];
	const usedBy = new Map<string, Set<string>>();

	const place = (block: CssBlock, wrap: (block: CssBlock) => CssBlock) => {
		if (block.kind === "rule") {
			const unit = unitOfSelector(block.selector) ?? CORE;
			if (unit !== CORE) region = unit;
			for (const match of block.text.matchAll(/animation(?:-name)?\s*:\s*([^;}]+)/g))
				for (const name of match[1]!.split(/[\s,]+/)) usedBy.set(name, (usedBy.get(name) ?? new Set()).add(unit));
			add(unit, wrap(block));
		} else if (block.kind === "group") {
			for (const child of block.children) place(child, (inner) => wrap({ ...block, children: [inner] }));
		} else if (block.prelude.startsWith("@keyframes")) {
			keyframes.push({ name: block.prelude.split(/\s+/)[1]!, block, wrap });
		} else add(CORE, wrap(block));
	};
	for (const block of parseCss(readFileSync(join(packageDir, "components.css"), "utf8"))) place(block, (b) => b);
	for (const { name, block, wrap } of keyframes) {
		const users = [...(usedBy.get(name) ?? [])];
		add(users.length === 1 ? users[0]! : CORE, wrap(block));
	}

	const result = new Map<string, string>();
	for (const unit of [...units.keys()].sort((a, b) => rank.get(a)! - rank.get(b)!))
		result.set(unit, printCss(mergeGroups(units.get(unit)!)));
	return result;
}

/** Joins consecutive blocks of the same group (`@media (...)`) back into one. */
function mergeGroups(blocks: CssBlock[]): CssBlock[] {
	const out: CssBlock[] = [];
	for (const block of blocks) {
		const last = out.at(-1);
		if (block.kind === "group" && last?.kind === "group" && last.prelude === block.prelude)
			out[out.length - 1] = { ...last, children: mergeGroups([...last.children, ...block.children]) };
		else out.push(block);
	}
	return out;
}

export const radixPackageDir = (resolveFrom: string) => dirname(join(resolveFrom, "package.json"));
