import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import { locales } from "../../shared/i18n/i18n-util.ts";
import type { PreloadPlan } from "../first-paint/match-route.ts";
import { type BundleChunk, buildPreloadPlan } from "./preload-plan.ts";
import { radixThemesCss } from "./radix/plugin.ts";
import { readRouteTable } from "./route-table.ts";
import { themeWithoutTooltips } from "./theme-without-tooltips.ts";

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * /first-paint.js: client/first-paint/first-paint.ts bundled into one classic script, so <head> can run
 * it synchronously before the first paint (a module script would run after it). Served by
 * the dev server, emitted as a file by the build, which writes into it the chunks each
 * route's first screen needs (preload-plan.ts), so they load beside the entry.
 */
function firstPaintScript(): Plugin {
	const bundle = async (plan: PreloadPlan) => {
		const result = await build({
			entryPoints: [at("../first-paint/first-paint.ts")],
			bundle: true,
			format: "iife",
			minify: true,
			target: "es2020",
			write: false,
			logLevel: "warning",
			define: { __FIRST_SCREEN_PRELOADS__: JSON.stringify(plan) },
		});
		return result.outputFiles[0]?.text ?? "";
	};
	return {
		name: "portico-first-paint",
		configureServer(server) {
			server.middlewares.use("/first-paint.js", async (_request, response) => {
				response.setHeader("content-type", "text/javascript");
				response.end(await bundle({ routes: [], dictionaries: {} }));
			});
		},
		async generateBundle(_options, output) {
			const chunks = Object.values(output).filter((file): file is typeof file & BundleChunk => file.type === "chunk");
			const plan = buildPreloadPlan(
				chunks,
				readRouteTable(at("../app.tsx")),
				(locale) => at(`../../shared/i18n/${locale}/index.ts`),
				locales,
			);
			if (!plan.routes.some((route) => route.path === "/login"))
				this.error("the first-screen preload plan found no /login route in the `routes` of client/app.tsx");
			this.emitFile({ type: "asset", fileName: "first-paint.js", source: await bundle(plan) });
			// The plan, for the bundle report and the first-load e2e test.
			this.emitFile({ type: "asset", fileName: ".vite/first-screen.json", source: JSON.stringify(plan, null, "\t") });
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
	root: fileURLToPath(new URL("..", import.meta.url)),
	plugins: [
		react(),
		firstPaintScript(),
		serverOnlyMailTexts(),
		themeWithoutTooltips(),
		// The palettes the app renders: teal accent, slate grays, and red, green, amber for states.
		radixThemesCss({ colors: ["gray", "slate", "teal", "red", "green", "amber"] }),
	],
	build: {
		outDir: "dist",
		emptyOutDir: true,
		sourcemap: false,
		// client/build/report-bundle.ts reads it to size what /login loads.
		manifest: true,
		chunkSizeWarningLimit: 600,
		// Every browser we serve has modulepreload.
		modulePreload: { polyfill: false },
		rolldownOptions: {
			// Chunks are never imported from outside: their export lists may change.
			preserveEntrySignatures: false,
			output: {
				// Few files, since on a slow link each one costs a round trip and HTTP/1.1 fetches
				// six at a time: what the entry imports is one chunk, and a shared chunk under
				// 8 KB is copied into the screens that use it rather than fetched on its own (the
				// login screen then loads 6 scripts and 3 stylesheets instead of 23 and 7).
				codeSplitting: {
					groups: [{ name: "app", tags: ["$initial"] }],
					experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
				},
			},
		},
	},
	server: {
		proxy: {
			"/trpc": serverUrl,
			"/api": serverUrl,
			"/locales": serverUrl,
		},
	},
});
