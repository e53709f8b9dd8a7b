import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type BundleChunk, buildPreloadPlan } from "../../../client/build/preload-plan.ts";
import { readRouteTable } from "../../../client/build/route-table.ts";
import { themeWithoutTooltips } from "../../../client/build/theme-without-tooltips.ts";
import { firstScreenPreloads, matchRoute, type PreloadPlan } from "../../../client/first-paint/match-route.ts";

const client = fileURLToPath(new URL("../../../client/", import.meta.url));
const route = (name: string) => `${client}routes/${name}.tsx`;

describe("the route table the build reads from client/app.tsx", () => {
	const table = readRouteTable(`${client}app.tsx`);
	const modulesOf = (path: string) => table.find((entry) => entry.path === path)?.modules;

	it("gives each URL its layout's module, then its screen's", () => {
		expect(modulesOf("/login")).toEqual([route("login")]);
		expect(modulesOf("/")).toEqual([route("protected-layout"), route("dashboard")]);
		expect(modulesOf("/admin/audit")).toEqual([route("protected-layout"), route("admin-audit")]);
		expect(modulesOf("/*")).toEqual([route("not-found")]);
	});

	it("knows every screen module in client/routes (a route written another way would go unpreloaded)", () => {
		const screens = readdirSync(`${client}routes`).map((file) => `${client}routes/${file}`);
		expect(new Set(table.flatMap((entry) => entry.modules))).toEqual(new Set(screens));
	});
});

describe("which planned route a URL is", () => {
	const routes = [{ path: "/admin" }, { path: "/admin/audit" }, { path: "/users/:id" }, { path: "/" }, { path: "*" }];
	const match = (pathname: string) => matchRoute(routes, pathname)?.path;

	it("a static pattern, then one with parameters, the catch-all last", () => {
		expect(match("/admin")).toBe("/admin");
		expect(match("/admin/audit")).toBe("/admin/audit");
		expect(match("/admin/")).toBe("/admin");
		expect(match("/users/42")).toBe("/users/:id");
		expect(match("/")).toBe("/");
		expect(match("/no/such/page")).toBe("*");
		expect(matchRoute([{ path: "/login" }], "/elsewhere")).toBeNull();
	});

	it("preloads the route's files and the page language's dictionary only", () => {
		const plan: PreloadPlan = {
			routes: [{ path: "/login", js: ["/assets/login.js"], css: ["/assets/login.css"] }],
			dictionaries: { en: ["/assets/en.js"], fr: ["/assets/fr.js"] },
		};
		expect(firstScreenPreloads(plan, "/login", "fr")).toEqual({
			js: ["/assets/login.js", "/assets/fr.js"],
			css: ["/assets/login.css"],
		});
		expect(firstScreenPreloads(plan, "/elsewhere", "de")).toEqual({ js: [], css: [] });
	});
});

describe("the preload plan built from the bundle", () => {
	const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], css: string[] = []) =>
		({
			type: "chunk",
			fileName,
			facadeModuleId,
			isEntry: fileName === "entry.js",
			imports,
			viteMetadata: { importedCss: new Set(css) },
		}) satisfies BundleChunk;

	it("lists what a route's modules import, without what the entry already brings", () => {
		const chunks = [
			chunk("entry.js", "/app/main.tsx", ["react.js"]),
			chunk("react.js", null),
			chunk("login.js", "/app/routes/login.tsx", ["react.js", "form.js"], ["login.css"]),
			chunk("form.js", null, [], ["form.css"]),
			chunk("en.js", "/app/i18n/en.ts"),
		];
		const plan = buildPreloadPlan(
			chunks,
			[
				{ path: "/login", modules: ["/app/routes/login.tsx"] },
				{ path: "/gone", modules: ["/app/routes/gone.tsx"] },
			],
			(locale) => `/app/i18n/${locale}.ts`,
			["en", "fr"],
		);
		expect(plan).toEqual({
			routes: [{ path: "/login", js: ["/login.js", "/form.js"], css: ["/login.css", "/form.css"] }],
			dictionaries: { en: ["/en.js"] },
		});
	});
});

describe("Theme without Radix tooltips", () => {
	const plugin = themeWithoutTooltips();
	const generate = (modules: Record<string, { renderedLength: number }>) =>
		(plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call(
			{
				error(message: string) {
					throw new Error(message);
				},
			},
			{},
			{ "app.js": { type: "chunk", fileName: "app.js", modules } },
		);

	it("gives theme.js its own Tooltip.Provider, and only theme.js", () => {
		const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
		expect(resolve("radix-ui", "/n/node_modules/@radix-ui/themes/dist/esm/components/theme.js")).toMatch(
			/radix-ui-for-theme/,
		);
		expect(resolve("radix-ui", "/n/node_modules/@radix-ui/themes/dist/esm/components/select.js")).toBeNull();
	});

	it("stops the build when a Radix tooltip ends up in a chunk", () => {
		const tooltip = "/n/node_modules/@radix-ui/react-tooltip/dist/index.mjs";
		expect(() => generate({ [tooltip]: { renderedLength: 0 } })).not.toThrow();
		expect(() => generate({ [tooltip]: { renderedLength: 120 } })).toThrow(/Radix tooltips need the Tooltip.Provider/);
	});
});
