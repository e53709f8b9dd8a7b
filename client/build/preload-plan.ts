/**
 * What the first screen of each URL loads beyond index.html's own links, from the finished
 * bundle: the chunks of its lazy route modules with everything they import statically, their
 * CSS, and each language's dictionary. first-paint.js asks for them while index.html is
 * still being read, instead of when the entry script has run and the router has matched.
 */
import type { PreloadPlan } from "../first-paint/match-route.ts";
import type { RouteEntry } from "./route-table.ts";

/** The part of a Rollup/Rolldown output chunk the plan reads. */
export type BundleChunk = {
	type: "chunk";
	fileName: string;
	facadeModuleId: string | null;
	isEntry: boolean;
	imports: string[];
	viteMetadata?: { importedCss: Set<string> };
};

export function buildPreloadPlan(
	chunks: BundleChunk[],
	routes: RouteEntry[],
	dictionaryModule: (locale: string) => string,
	locales: readonly string[],
	base = "/",
): PreloadPlan {
	const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
	const closure = (roots: BundleChunk[]) => {
		const seen = new Set<string>();
		const visit = (chunk: BundleChunk | undefined) => {
			if (!chunk || seen.has(chunk.fileName)) return;
			seen.add(chunk.fileName);
			for (const file of chunk.imports) visit(byFile.get(file));
		};
		for (const root of roots) visit(root);
		return seen;
	};
	// index.html links these already.
	const entry = closure(chunks.filter((chunk) => chunk.isEntry));
	const filesFor = (moduleIds: string[]) => {
		const roots = chunks.filter((chunk) => chunk.facadeModuleId && moduleIds.includes(chunk.facadeModuleId));
		if (roots.length < moduleIds.length) return null;
		const files = [...closure(roots)].filter((file) => !entry.has(file));
		const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
		return { js: files.map((file) => base + file), css: [...new Set(css)].map((file) => base + file) };
	};
	const plan: PreloadPlan = { routes: [], dictionaries: {} };
	for (const route of routes) {
		const files = filesFor(route.modules);
		if (files) plan.routes.push({ path: route.path, ...files });
	}
	for (const locale of locales) {
		const files = filesFor([dictionaryModule(locale)]);
		if (files) plan.dictionaries[locale] = files.js;
	}
	return plan;
}
