import { useCallback, useSyncExternalStore } from "react";
import { useI18n } from "../i18n/index.tsx";
import {
	type Appearance,
	applyAppearance,
	darkQuery,
	readMode,
	resolveAppearance,
	THEME_STORAGE_KEY,
	type ThemeMode,
} from "./theme-mode.ts";
import { notifySuccess } from "./toast.ts";

export type { Appearance, ThemeMode } from "./theme-mode.ts";
export { isThemeMode, resolveAppearance, THEME_MODES, THEME_STORAGE_KEY } from "./theme-mode.ts";

const listeners = new Set<() => void>();
let mode: ThemeMode = typeof window === "undefined" ? "system" : readMode();

const emit = () => {
	applyAppearance(resolveAppearance(mode, darkQuery()?.matches ?? false));
	for (const listener of listeners) listener();
};

if (typeof window !== "undefined") {
	darkQuery()?.addEventListener("change", emit);
	window.addEventListener("storage", (event) => {
		if (event.key !== THEME_STORAGE_KEY) return;
		mode = readMode();
		emit();
	});
}

const subscribe = (listener: () => void) => {
	listeners.add(listener);
	return () => listeners.delete(listener);
};
const getMode = () => mode;
const getPrefersDark = () => darkQuery()?.matches ?? false;

/** Sets and persists the theme; client/first-paint/first-paint.ts applies the stored one before the first paint. */
export function setThemeMode(next: ThemeMode): void {
	mode = next;
	try {
		localStorage.setItem(THEME_STORAGE_KEY, next);
	} catch {
		// Private mode: the choice lasts for this page only.
	}
	emit();
}

/**
 * The theme choice (system, light, dark), the appearance it resolves to, and a setter that
 * persists it and toasts 'Theme changed to {mode} mode'.
 */
export function useTheme(): { theme: ThemeMode; appearance: Appearance; setTheme: (mode: ThemeMode) => void } {
	const { LL } = useI18n();
	const theme = useSyncExternalStore(subscribe, getMode, () => "system" as ThemeMode);
	const prefersDark = useSyncExternalStore(subscribe, getPrefersDark, () => false);
	const setTheme = useCallback(
		(next: ThemeMode) => {
			setThemeMode(next);
			notifySuccess(LL.common.themeChanged({ mode: LL.common.themeModes[next]() }));
		},
		[LL],
	);
	return { theme, appearance: resolveAppearance(theme, prefersDark), setTheme };
}
