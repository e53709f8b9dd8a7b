import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const serverUrl = `http://127.0.0.1:${process.env.PORT ?? "3000"}`;

export default defineConfig({
	root: fileURLToPath(new URL(".", import.meta.url)),
	plugins: [react()],
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
