/**
 * Which of Radix Themes' stylesheet units (see split-components.ts) each export needs:
 * its own source CSS, the internal base CSS that file @imports, and the CSS of every
 * component class it renders (Button draws a Spinner, Select a scroll area, RadioGroup the
 * base radio), read from Radix's ESM build: its import graph and the class names in it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { CORE, classDefiners, sourceImports, unitOf } from "./split-components.ts";

/** Export name (`Button`, `DropdownMenu`) -> the units it needs, CORE left out (every page has it). */
export function unitsByExport(packageDir: string): Map<string, string[]> {
	const esmDir = join(packageDir, "dist/esm/components");
	const srcDir = join(packageDir, "src/components");
	const index = readFileSync(join(esmDir, "index.js"), "utf8");

	// `import{Button as c}from"./button.js"` / `import*as t from"./alert-dialog.js"`, then `export{c as Button}`.
	const fileOfLocal = new Map<string, string>();
	for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"\.\/([^"]+)"/g))
		for (const binding of match[1]!.split(","))
			fileOfLocal.set(
				binding
					.split(/\s+as\s+/)
					.at(-1)!
					.trim(),
				match[2]!,
			);
	for (const match of index.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*"\.\/([^"]+)"/g))
		fileOfLocal.set(match[1]!, match[2]!);
	const exportList = index.match(/export\s*\{([^}]*)\}/)?.[1] ?? "";

	const definer = classDefiners(srcDir);
	const unitsOfFile = new Map<string, string[]>();
	const cssUnits = (cssFile: string, into: Set<string>) => {
		for (const imported of sourceImports(srcDir, cssFile)) cssUnits(imported, into);
		into.add(unitOf(cssFile));
	};
	const visit = (jsFile: string, seen: Set<string>, into: Set<string>) => {
		if (seen.has(jsFile)) return;
		seen.add(jsFile);
		const cssFile = jsFile.replace(/\.js$/, ".css");
		if (existsSync(join(srcDir, cssFile))) cssUnits(cssFile, into);
		const code = readFileSync(join(esmDir, jsFile), "utf8");
		for (const match of code.matchAll(/"(rt-[A-Z][A-Za-z0-9]*)"/g)) {
			const unit = definer.get(match[1]!);
			if (unit && unit !== CORE) cssUnits(unit, into);
		}
		for (const match of code.matchAll(/from\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
			const next = posix.normalize(posix.join(posix.dirname(jsFile), match[1]!));
			// Only the components' own files; helpers and props have no CSS.
			if (!next.startsWith("..") && !next.endsWith(".props.js")) visit(next, seen, into);
		}
	};
	const result = new Map<string, string[]>();
	for (const binding of exportList.split(",")) {
		const [local, exported] = binding.split(/\s+as\s+/).map((part) => part.trim());
		const file = fileOfLocal.get(local!);
		if (!exported || !file) continue;
		if (!unitsOfFile.has(file)) {
			const units = new Set<string>();
			visit(file, new Set(), units);
			units.delete(CORE);
			unitsOfFile.set(file, [...units]);
		}
		result.set(exported, unitsOfFile.get(file)!);
	}
	return result;
}
