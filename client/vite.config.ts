import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import { radixThemesCss } from "./styles/radix/plugin.ts";

/**
 * /first-paint.js: client/first-paint.ts bundled into one classic script, so <head> can run
 * it synchronously before the first paint (a module script would run after it). Served by
 * the dev server, emitted as a file by the build.
 */
function firstPaintScript(): Plugin {
	const entry = fileURLToPath(new URL("./first-paint.ts", import.meta.url));
	const bundle = async () => {
		const result = await build({
			entryPoints: [entry],
			bundle: true,
			format: "iife",
			minify: true,
			target: "es2020",
			write: false,
			logLevel: "warning",
		});
		return result.outputFiles[0]?.text ?? "";
	};
	return {
		name: "portico-first-paint",
		configureServer(server) {
			server.middlewares.use("/first-paint.js", async (_request, response) => {
				response.setHeader("content-type", "text/javascript");
				response.end(await bundle());
			});
		},
		async generateBundle() {
			this.emitFile({ type: "asset", fileName: "first-paint.js", source: await bundle() });
		},
	};
}

const serverUrl = `http://127.0.0.1:${process.env.PORT ?? "3000"}`;

export default defineConfig({
	root: fileURLToPath(new URL(".", import.meta.url)),
	plugins: [
		react(),
		firstPaintScript(),
		// The palettes the app renders: teal accent, slate grays, and red, green, amber for states.
		radixThemesCss({ colors: ["gray", "slate", "teal", "red", "green", "amber"] }),
	],
	build: {
		outDir: "dist",
		emptyOutDir: true,
		sourcemap: false,
		// client/report-bundle.ts reads it to size what /login loads.
		manifest: true,
		chunkSizeWarningLimit: 600,
	},
	server: {
		proxy: {
			"/trpc": serverUrl,
			"/api": serverUrl,
			"/locales": serverUrl,
		},
	},
});
