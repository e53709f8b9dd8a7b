/**
 * Prints the gzipped JavaScript and CSS that /login loads (first-paint.js, the entry, the
 * login route chunk, the English dictionary, everything they import statically, and their CSS) and fails when
 * either is over its budget (below). Runs after `vite build` in `npm run build`.
 *
 * That is all /login fetches until the visitor interacts: zod and the toaster load at the
 * first focus, tap or key (tests/e2e/first-load.spec.ts checks both).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const JS_BUDGET_BYTES = 150 * 1024;
export const CSS_BUDGET_BYTES = 40 * 1024;

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** Every chunk key reachable through static imports from the given keys. */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
	const seen = new Set<string>();
	const visit = (key: string) => {
		if (seen.has(key) || !manifest[key]) return;
		seen.add(key);
		for (const next of manifest[key].imports ?? []) visit(next);
	};
	for (const root of roots) visit(root);
	return [...seen];
}

/** The files /login loads before any interaction, as paths inside `dist`: its scripts and its stylesheets. */
export function loginFirstScreen(dist: string): { js: string[]; css: string[] } {
	const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
	const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
	const route = Object.keys(manifest).find((key) => key.endsWith("routes/login.tsx"));
	const dictionary = Object.keys(manifest).find((key) => key.endsWith("shared/i18n/en/index.ts"));
	if (!entry || !route || !dictionary)
		throw new Error("manifest lacks the entry, routes/login.tsx or the en dictionary");
	const keys = staticClosure(manifest, [entry, route, dictionary]);
	return {
		// index.html's blocking script (theme, language, the first screen's preloads) counts too.
		js: ["first-paint.js", ...keys.map((key) => manifest[key]!.file)],
		css: [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))],
	};
}

function main() {
	const dist = fileURLToPath(new URL("../dist/", import.meta.url));
	const files = loginFirstScreen(dist);
	const size = (file: string) => {
		const bytes = readFileSync(join(dist, file));
		return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
	};
	const js = files.js.map((file) => ({ file, ...size(file) }));
	const css = files.css.map((file) => ({ file, ...size(file) }));
	const total = (list: { gzip: number }[]) => list.reduce((sum, item) => sum + item.gzip, 0);
	const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
	for (const item of [...js, ...css])
		console.log(`  ${item.file.padEnd(48)} ${kb(item.raw).padStart(10)}  gzip ${kb(item.gzip)}`);
	const over: string[] = [];
	for (const [name, list, budget] of [
		["JavaScript", js, JS_BUDGET_BYTES],
		["CSS", css, CSS_BUDGET_BYTES],
	] as const) {
		console.log(`/login ${name}, gzipped: ${kb(total(list))} in ${list.length} files (budget ${kb(budget)})`);
		if (total(list) > budget) over.push(`The login route's ${name} is over budget: ${kb(total(list))} > ${kb(budget)}`);
	}
	for (const line of over) console.error(line);
	if (over.length > 0) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
