import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressAssets } from "../../../client/build/compress-assets.ts";
import { buildTestApp, tempDataDir } from "../../helpers/build-test-app.ts";

/** A built client as `npm run build` leaves it: assets, index.html, and their precompressed copies. */
function builtClient() {
	const dir = tempDataDir();
	mkdirSync(join(dir, "assets"));
	const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
	writeFileSync(join(dir, "assets", "app-abc123.js"), script);
	writeFileSync(join(dir, "assets", "tiny-abc123.js"), "1");
	writeFileSync(join(dir, "index.html"), `<!doctype html><html><body>${"<p>portico</p>".repeat(200)}</body></html>`);
	const summary = compressAssets(dir);
	return { dir, script, summary };
}

describe("the built client is served precompressed", () => {
	it("writes .br and .gz beside each compressible file above 1 KB, and only those", () => {
		const { dir, summary } = builtClient();
		expect(summary.files).toBe(2);
		expect(brotliDecompressSync(readFileSync(join(dir, "assets", "app-abc123.js.br"))).length).toBe(4016);
		expect(() => readFileSync(join(dir, "assets", "tiny-abc123.js.br"))).toThrow();
	});

	it("sends brotli, else gzip, else the plain file, with Vary: Accept-Encoding and the asset still immutable", async () => {
		const { dir, script } = builtClient();
		const { app } = await buildTestApp({ clientDir: dir });
		const get = (encoding?: string) =>
			app.inject({
				method: "GET",
				url: "/assets/app-abc123.js",
				headers: encoding ? { "accept-encoding": encoding } : {},
			});

		const br = await get("gzip, deflate, br");
		expect(br.headers["content-encoding"]).toBe("br");
		expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
		expect(br.headers.vary).toMatch(/accept-encoding/i);
		expect(br.headers["cache-control"]).toContain("immutable");
		expect(br.headers["content-type"]).toMatch(/javascript/);

		const gz = await get("gzip");
		expect(gz.headers["content-encoding"]).toBe("gzip");
		expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

		const plain = await get();
		expect(plain.headers["content-encoding"]).toBeUndefined();
		expect(plain.body).toBe(script);
		expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
	});

	it("the SPA page of a client-side route comes compressed too", async () => {
		const { dir } = builtClient();
		const { app } = await buildTestApp({ clientDir: dir });
		const page = await app.inject({
			method: "GET",
			url: "/settings",
			headers: { accept: "text/html", "accept-encoding": "br" },
		});
		expect(page.statusCode).toBe(200);
		expect(page.headers["content-encoding"]).toBe("br");
		expect(page.headers["cache-control"]).toBe("no-cache");
		expect(brotliDecompressSync(page.rawPayload).toString()).toContain("<p>portico</p>");
	});
});
