import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found by walking up: true from the sources and from the bundle alike. */
function findRoot(start: string): string {
	let dir = start;
	while (!existsSync(join(dir, "package.json"))) {
		const parent = dirname(dir);
		if (parent === dir) throw new Error(`no package.json above ${start}`);
		dir = parent;
	}
	return dir;
}

export const rootDir = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(rootDir, "migrations");
export const migrationsPgDir = join(rootDir, "migrations-pg");
export const clientDistDir = join(rootDir, "client", "dist");
