import { useCallback, useSyncExternalStore } from "react";
import { useI18n } from "../i18n/index.tsx";
import { notifySuccess } from "./toast.ts";

export type ThemeMode = "system" | "light" | "dark";
export type Appearance = "light" | "dark";
export const THEME_STORAGE_KEY = "theme";
export const THEME_MODES: readonly ThemeMode[] = ["system", "light", "dark"];

export const isThemeMode = (value: unknown): value is ThemeMode =>
	typeof value === "string" && (THEME_MODES as readonly string[]).includes(value);

export const resolveAppearance = (mode: ThemeMode, prefersDark: boolean): Appearance =>
	mode === "system" ? (prefersDark ? "dark" : "light") : mode;

const darkQuery = () => window.matchMedia?.("(prefers-color-scheme: dark)");

function readMode(): ThemeMode {
	try {
		const stored = localStorage.getItem(THEME_STORAGE_KEY);
		return isThemeMode(stored) ? stored : "system";
	} catch {
		return "system";
	}
}

/** Puts the class on <html> that Radix Themes (appearance "inherit") and our CSS read. */
function applyAppearance(appearance: Appearance): void {
	const root = document.documentElement;
	root.classList.remove(appearance === "dark" ? "light" : "dark");
	root.classList.add(appearance);
	root.style.colorScheme = appearance;
}

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

/** Sets and persists the theme; public/theme-init.js applies the stored one before the first paint. */
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
