/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the
 * client build, once, at the best levels: the server then sends the smallest variant the
 * browser accepts without compressing anything per request. Runs after `vite build`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".json", ".txt"]);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) yield* filesUnder(path);
		else yield path;
	}
}

export function compressAssets(dist: string): { files: number; bytes: number; brotli: number } {
	let files = 0;
	let bytes = 0;
	let brotli = 0;
	for (const path of filesUnder(dist)) {
		if (!COMPRESSIBLE.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
		const data = readFileSync(path);
		const br = brotliCompressSync(data, {
			params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
		});
		writeFileSync(`${path}.br`, br);
		writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
		files += 1;
		bytes += data.length;
		brotli += br.length;
	}
	return { files, bytes, brotli };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const { files, bytes, brotli } = compressAssets(fileURLToPath(new URL("../dist/", import.meta.url)));
	console.log(
		`Precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB brotli`,
	);
}
