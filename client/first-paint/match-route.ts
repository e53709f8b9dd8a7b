/**
 * Runs in first-paint.js (keep it tiny and free of imports): which planned route a URL is,
 * and the <link>s that fetch its chunks, its CSS and the page language's dictionary in the
 * same wave as the entry script.
 */

export type PreloadPlan = {
	/** Each leaf route's URL pattern ("/login", "/users/:id", "*"): its chunks and CSS, as URLs. */
	routes: { path: string; js: string[]; css: string[] }[];
	/** Each language's dictionary chunks, as URLs. */
	dictionaries: Record<string, string[]>;
};

const segments = (path: string) => path.split("/").filter(Boolean);

/** The route a pathname shows: a static pattern before one with parameters, the catch-all last. */
export function matchRoute<T extends { path: string }>(routes: readonly T[], pathname: string): T | null {
	const wanted = segments(pathname);
	const fits = (pattern: string) => {
		const parts = segments(pattern);
		if (parts.at(-1) === "*") return wanted.length >= parts.length - 1 && fitsParts(parts.slice(0, -1));
		return parts.length === wanted.length && fitsParts(parts);
	};
	const fitsParts = (parts: string[]) => parts.every((part, index) => part.startsWith(":") || part === wanted[index]);
	const rank = (pattern: string) => (pattern.endsWith("*") ? 2 : pattern.includes(":") ? 1 : 0);
	const candidates = routes.filter((route) => fits(route.path));
	return candidates.sort((a, b) => rank(a.path) - rank(b.path))[0] ?? null;
}

/** The URLs to fetch early for this page: the route's chunks and CSS, and the dictionary. */
export function firstScreenPreloads(plan: PreloadPlan, pathname: string, locale: string) {
	const route = matchRoute(plan.routes, pathname);
	return {
		js: [...(route?.js ?? []), ...(plan.dictionaries[locale] ?? [])],
		css: route?.css ?? [],
	};
}

/** Adds the <link>s to <head>, as Vite's own loader would ask for the same files (so they are reused). */
export function addPreloadLinks(document: Document, preloads: { js: string[]; css: string[] }): void {
	const add = (href: string, rel: string, as?: string) => {
		const link = document.createElement("link");
		link.rel = rel;
		if (as) link.as = as;
		link.crossOrigin = "";
		link.href = href;
		document.head.appendChild(link);
	};
	for (const href of preloads.js) add(href, "modulepreload");
	// Preloaded, not applied: the route's loader applies it (and waits for it) before it renders.
	for (const href of preloads.css) add(href, "preload", "style");
}
