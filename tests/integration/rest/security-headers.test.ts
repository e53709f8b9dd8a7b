import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";

describe("security headers", () => {
	it("are on API answers, errors included: strict CSP, no framing, nosniff, HSTS, no referrer", async () => {
		const { app } = await buildTestApp();
		for (const url of [
			"/api/v1/utils/health-check/",
			"/api/v1/users/me",
			"/api/v1/nothing-here",
			"/reset-password?token=abc",
		]) {
			const res = await app.inject({ method: "GET", url });
			const csp = String(res.headers["content-security-policy"]);
			expect(csp, url).toContain("script-src 'self'");
			expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
			expect(csp, url).toContain("frame-ancestors 'none'");
			expect(csp, url).toContain("object-src 'none'");
			expect(res.headers["x-content-type-options"], url).toBe("nosniff");
			expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
			expect(res.headers["strict-transport-security"], url).toContain("max-age=");
			expect(res.headers["referrer-policy"], url).toBe("no-referrer");
		}
	});

	it("leave the API docs working under their own CSP", async () => {
		const { app } = await buildTestApp();
		const res = await app.inject({ method: "GET", url: "/api/v1/docs/" });
		expect(res.statusCode).toBe(200);
		const docsCsp = res.headers["content-security-policy"];
		expect(docsCsp).toBeDefined();
		const api = await app.inject({ method: "GET", url: "/api/v1/utils/health-check/" });
		expect(docsCsp).not.toBe(api.headers["content-security-policy"]);
		expect(String(docsCsp)).not.toMatch(/script-src[^;]*unsafe-inline/);
		// The page's own scripts and styles load from under /api/v1/docs/.
		expect(res.body).toContain("./static/swagger-ui-bundle.js");
		for (const asset of ["static/swagger-ui-bundle.js", "static/swagger-initializer.js", "static/swagger-ui.css"]) {
			const file = await app.inject({ method: "GET", url: `/api/v1/docs/${asset}` });
			expect(file.statusCode, asset).toBe(200);
			expect(file.body.length, asset).toBeGreaterThan(0);
		}
	});

	it("are on the real SPA page and assets, and an unknown API path stays a JSON 404", async () => {
		const clientDir = mkdtempSync(join(tmpdir(), "portico-client-"));
		try {
			mkdirSync(join(clientDir, "assets"));
			const page =
				'<!doctype html><html><head><script type="module" src="/assets/x.js"></script></head><body><div id="root"></div></body></html>';
			writeFileSync(join(clientDir, "index.html"), page);
			writeFileSync(join(clientDir, "assets", "x.js"), "console.log('x');");
			const { app } = await buildTestApp({ clientDir });
			const html = await app.inject({
				method: "GET",
				url: "/reset-password?token=abc",
				headers: { accept: "text/html" },
			});
			expect(html.statusCode).toBe(200);
			expect(html.headers["content-type"]).toMatch(/^text\/html/);
			expect(html.body).toBe(page);
			const csp = String(html.headers["content-security-policy"]);
			expect(csp).toContain("script-src 'self'");
			expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
			expect(csp).toContain("frame-ancestors 'none'");
			expect(html.headers["referrer-policy"]).toBe("no-referrer");
			const asset = await app.inject({ method: "GET", url: "/assets/x.js" });
			expect(asset.statusCode).toBe(200);
			expect(asset.headers["cache-control"]).toContain("immutable");
			const missing = await app.inject({ method: "GET", url: "/api/v1/nope", headers: { accept: "text/html" } });
			expect(missing.statusCode).toBe(404);
			expect(missing.headers["content-type"]).toMatch(/^application\/json/);
			expect(missing.json()).toEqual({ detail: "Not Found" });
		} finally {
			rmSync(clientDir, { recursive: true, force: true });
		}
	});
});
