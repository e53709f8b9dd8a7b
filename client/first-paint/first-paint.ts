/**
 * Runs before the first paint, as a classic blocking script in <head> (built by the
 * first-paint plugin in client/build/vite.config.ts): applies the stored theme and the detected
 * language and direction, so the page never flashes the wrong colours or direction. It
 * uses the same detector and theme rules as the app itself. It tells index.html's static
 * shell whether to draw the app's frame (a signed-in screen) or only the page. Then it asks
 * for the current screen's chunks and the language's dictionary, in the same wave as the
 * entry script.
 */

import { detectLocale, directionOf, LANG_STORAGE_KEY } from "../i18n/detect.ts";
import { APP_FRAME_PATHS } from "../lib/app-frame-paths.ts";
import { AUTH_STORAGE_KEY } from "../lib/auth-storage-key.ts";
import { applyAppearance, darkQuery, readMode, resolveAppearance } from "../lib/theme-mode.ts";
import { addPreloadLinks, firstScreenPreloads, type PreloadPlan } from "./match-route.ts";

applyAppearance(resolveAppearance(readMode(), darkQuery()?.matches ?? false));

let stored: string | null = null;
let signedIn = false;
try {
	stored = localStorage.getItem(LANG_STORAGE_KEY);
	signedIn = Boolean(localStorage.getItem(AUTH_STORAGE_KEY));
} catch {
	// Storage blocked: the browser's languages decide, and the shell shows the page alone.
}
const root = document.documentElement;
if (signedIn && APP_FRAME_PATHS.test(location.pathname)) root.setAttribute("data-shell", "app");
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
