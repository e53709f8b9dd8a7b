/**
 * Prints the gzipped JavaScript that /login loads (the entry, the login route chunk, the
 * English dictionary, and everything they import statically) and fails when it reaches its
 * budget (below). Runs after `vite build` in `npm run build`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const BUDGET_BYTES = 200 * 1024;

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

function main() {
	const dist = fileURLToPath(new URL("./dist/", import.meta.url));
	const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
	const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
	const route = Object.keys(manifest).find((key) => key.endsWith("routes/login.tsx"));
	const dictionary = Object.keys(manifest).find((key) => key.endsWith("shared/i18n/en/index.ts"));
	if (!entry || !route || !dictionary)
		throw new Error("manifest lacks the entry, routes/login.tsx or the en dictionary");
	const keys = staticClosure(manifest, [entry, route, dictionary]);
	const size = (file: string) => {
		const bytes = readFileSync(join(dist, file));
		return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
	};
	const js = keys.map((key) => manifest[key]!.file).map((file) => ({ file, ...size(file) }));
	const css = [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].map((file) => ({ file, ...size(file) }));
	const total = (list: { gzip: number }[]) => list.reduce((sum, item) => sum + item.gzip, 0);
	const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
	for (const item of js) console.log(`  ${item.file.padEnd(48)} ${kb(item.raw).padStart(10)}  gzip ${kb(item.gzip)}`);
	console.log(`/login JavaScript, gzipped: ${kb(total(js))} in ${js.length} files (budget < ${kb(BUDGET_BYTES)})`);
	console.log(`/login CSS, gzipped: ${kb(total(css))} in ${css.length} files`);
	if (total(js) >= BUDGET_BYTES) {
		console.error(`The login route's JavaScript is over budget: ${kb(total(js))} >= ${kb(BUDGET_BYTES)}`);
		process.exit(1);
	}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
