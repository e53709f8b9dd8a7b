import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskStorage, newFileId } from "../../../server/media/storage.ts";

const dirs: string[] = [];
const tempDir = () => {
	const dir = mkdtempSync(join(tmpdir(), "portico-storage-"));
	dirs.push(dir);
	return dir;
};
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("disk storage", () => {
	it("writes under the id only, through a temp name, and removes again", async () => {
		const root = join(tempDir(), "media");
		const storage = createDiskStorage(root);
		const id = newFileId();
		expect(id).toMatch(/^[0-9a-f]{32}$/);
		await storage.write(id, Buffer.from("bytes"));
		expect(readdirSync(root)).toEqual([id]);
		expect(readFileSync(join(root, id), "utf8")).toBe("bytes");
		expect(storage.stat(id)?.size).toBe(5);
		await storage.remove(id);
		await storage.remove(id);
		expect(readdirSync(root)).toEqual([]);
		expect(storage.stat(id)).toBeNull();
	});

	it.each(["..", "../app.db", "a/b", `${"a".repeat(31)}/`, "A".repeat(32), ""])("refuses the id %j", async (id) => {
		const storage = createDiskStorage(join(tempDir(), "media"));
		await expect(storage.write(id, Buffer.from("x"))).rejects.toThrow("invalid media file id");
		await expect(storage.remove(id)).rejects.toThrow("invalid media file id");
		expect(() => storage.open(id)).toThrow("invalid media file id");
		expect(storage.stat(id)).toBeNull();
	});

	it("leaves no temp file when a write fails", async () => {
		const root = join(tempDir(), "media");
		const storage = createDiskStorage(root);
		const id = newFileId();
		// A directory where the file should go makes the rename fail.
		const { mkdirSync } = await import("node:fs");
		mkdirSync(join(root, id, "child"), { recursive: true });
		await expect(storage.write(id, Buffer.from("x"))).rejects.toThrow();
		expect(readdirSync(root)).toEqual([id]);
	});

	it("is unhealthy when the directory is missing or a file", () => {
		const base = tempDir();
		const storage = createDiskStorage(join(base, "media"));
		expect(storage.isHealthy()).toBe(true);
		rmSync(join(base, "media"), { recursive: true });
		expect(storage.isHealthy()).toBe(false);
		writeFileSync(join(base, "media"), "x");
		expect(storage.isHealthy()).toBe(false);
	});
});
