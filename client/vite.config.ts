import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "esbuild";
import { defineConfig, type Plugin } from "vite";

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

/**
 * The e-mail texts (shared/i18n/<lang>/mail.ts) are rendered by the server only, so the
 * browser's dictionaries get an empty `mail` namespace instead of carrying them to every
 * page (the login screen's JavaScript has a budget).
 */
function serverOnlyMailTexts(): Plugin {
	const stub = "\0portico-server-only-mail:";
	const dictionary = /[\\/]shared[\\/]i18n[\\/]([a-z]+)[\\/]index\.ts$/;
	return {
		name: "portico-server-only-mail",
		enforce: "pre",
		resolveId(source, importer) {
			const language = source === "./mail" && importer ? dictionary.exec(importer)?.[1] : undefined;
			// One stub per language, so each stays inside its own dictionary's chunk.
			return language ? `${stub}${language}` : null;
		},
		load(id) {
			return id.startsWith(stub) ? "export const mail = {};" : null;
		},
	};
}

const serverUrl = `http://127.0.0.1:${process.env.PORT ?? "3000"}`;

export default defineConfig({
	root: fileURLToPath(new URL(".", import.meta.url)),
	plugins: [react(), firstPaintScript(), serverOnlyMailTexts()],
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
