/**
 * Radix Themes' root <Theme> wraps the app in Radix's Tooltip.Provider. Portico renders no
 * tooltip, so the provider has nothing to provide, yet importing it puts the whole tooltip
 * module into the entry chunk, and with it everything that module imports: Popper,
 * floating-ui, DismissableLayer, FocusScope (16 KB gzipped on every first screen; a bundler
 * places a module by what imports it, not by what of it is used). This plugin gives
 * theme.js a Tooltip.Provider that only renders its children, and stops the build if
 * anything starts to use Radix tooltips, since they would then need the real provider.
 */
import type { Plugin } from "vite";

const THEME_MODULE = /[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;
const TOOLTIP_MODULES = [
	/[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]tooltip\.js$/,
	/[\\/]@radix-ui[\\/]react-tooltip[\\/]/,
];
const RADIX_FOR_THEME = "\0portico:radix-ui-for-theme";

export function themeWithoutTooltips(): Plugin {
	return {
		name: "portico-theme-without-tooltips",
		enforce: "pre",
		apply: "build",
		resolveId(source, importer) {
			return source === "radix-ui" && importer && THEME_MODULE.test(importer) ? RADIX_FOR_THEME : null;
		},
		load(id) {
			if (id !== RADIX_FOR_THEME) return null;
			// What theme.js imports from "radix-ui": the same Direction and Slot, a Tooltip without content.
			return [
				'import { createElement, Fragment } from "react";',
				'export { Direction, Slot } from "radix-ui";',
				"export const Tooltip = { Provider: ({ children }) => createElement(Fragment, null, children) };",
			].join("\n");
		},
		generateBundle(_options, bundle) {
			for (const file of Object.values(bundle)) {
				if (file.type !== "chunk") continue;
				const used = Object.entries(file.modules).find(
					([id, module]) => module.renderedLength > 0 && TOOLTIP_MODULES.some((pattern) => pattern.test(id)),
				);
				if (used)
					this.error(
						`${file.fileName} holds ${used[0]}: Radix tooltips need the Tooltip.Provider that client/build/theme-without-tooltips.ts leaves out of <Theme>; remove that plugin to use them`,
					);
			}
		},
	};
}
