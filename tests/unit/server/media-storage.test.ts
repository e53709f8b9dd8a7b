import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskStorage, newFileId } from "../../../server/media/storage.ts";

const streamText = async (stream: Readable | null) =>
	stream ? Buffer.concat(await stream.toArray()).toString() : null;

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
		expect((await storage.stat(id))?.size).toBe(5);
		expect(await streamText(await storage.open(id))).toBe("bytes");
		await storage.remove(id);
		await storage.remove(id);
		expect(readdirSync(root)).toEqual([]);
		expect(await storage.stat(id)).toBeNull();
		expect(await storage.open(id)).toBeNull();
	});

	it.each(["..", "../app.db", "a/b", `${"a".repeat(31)}/`, "A".repeat(32), ""])("refuses the id %j", async (id) => {
		const storage = createDiskStorage(join(tempDir(), "media"));
		await expect(storage.write(id, Buffer.from("x"))).rejects.toThrow("invalid media file id");
		await expect(storage.remove(id)).rejects.toThrow("invalid media file id");
		await expect(storage.open(id)).rejects.toThrow("invalid media file id");
		expect(await storage.stat(id)).toBeNull();
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

	it("is unhealthy when the directory is missing or a file", async () => {
		const base = tempDir();
		const storage = createDiskStorage(join(base, "media"));
		expect(await storage.isHealthy()).toBe(true);
		rmSync(join(base, "media"), { recursive: true });
		expect(await storage.isHealthy()).toBe(false);
		writeFileSync(join(base, "media"), "x");
		expect(await storage.isHealthy()).toBe(false);
	});

	it("lists the stored files by id with their mtime, skipping temp and other names", async () => {
		const root = join(tempDir(), "media");
		const storage = createDiskStorage(root);
		const id = newFileId();
		await storage.write(id, Buffer.from("x"));
		writeFileSync(join(root, `.tmp-${newFileId()}-0000`), "half");
		writeFileSync(join(root, "notes.txt"), "x");
		const listed = [];
		for await (const file of storage.list()) listed.push(file);
		expect(listed).toEqual([{ id, mtimeMs: (await storage.stat(id))?.mtimeMs }]);
	});
});
