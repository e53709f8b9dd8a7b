/**
 * Runs before the first paint, as a classic blocking script in <head> (built by the
 * first-paint plugin in vite.config.ts): applies the stored theme and the detected
 * language and direction, so the page never flashes the wrong colours or direction. It
 * uses the same detector and theme rules as the app itself.
 */
import { detectLocale, directionOf, LANG_STORAGE_KEY } from "./i18n/detect.ts";
import { applyAppearance, darkQuery, readMode, resolveAppearance } from "./lib/theme-mode.ts";

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
