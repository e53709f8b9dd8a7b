/**
 * Runs before the first paint, as a classic blocking script in <head> (built by the
 * first-paint plugin in client/build/vite.config.ts): applies the stored theme and the detected
 * language and direction, so the page never flashes the wrong colours or direction. It
 * uses the same detector and theme rules as the app itself. Then it asks for the current
 * screen's chunks and the language's dictionary, in the same wave as the entry script.
 */

import { detectLocale, directionOf, LANG_STORAGE_KEY } from "../i18n/detect.ts";
import { applyAppearance, darkQuery, readMode, resolveAppearance } from "../lib/theme-mode.ts";
import { addPreloadLinks, firstScreenPreloads, type PreloadPlan } from "./match-route.ts";

applyAppearance(resolveAppearance(readMode(), darkQuery()?.matches ?? false));

let stored: string | null = null;
try {
	stored = localStorage.getItem(LANG_STORAGE_KEY);
} catch {
	// Storage blocked: the browser's languages decide.
}
const root = document.documentElement;
const locale = detectLocale({
	stored,
	browser: navigator.languages ?? [navigator.language],
	htmlLang: root.getAttribute("lang"),
});
root.setAttribute("lang", locale);
root.setAttribute("dir", directionOf(locale));

/** Written in by the build (client/build/preload-plan.ts); empty under the dev server. */
declare const __FIRST_SCREEN_PRELOADS__: PreloadPlan;

try {
	addPreloadLinks(document, firstScreenPreloads(__FIRST_SCREEN_PRELOADS__, location.pathname, locale));
} catch {
	// Only a head start: the app loads the same files itself.
}
