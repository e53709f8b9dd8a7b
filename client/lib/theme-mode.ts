/** The theme choice without React: read by the first-paint script and by the theme hook alike. */
export type ThemeMode = "system" | "light" | "dark";
export type Appearance = "light" | "dark";
export const THEME_STORAGE_KEY = "theme";
export const THEME_MODES: readonly ThemeMode[] = ["system", "light", "dark"];

export const isThemeMode = (value: unknown): value is ThemeMode =>
	typeof value === "string" && (THEME_MODES as readonly string[]).includes(value);

export const resolveAppearance = (mode: ThemeMode, prefersDark: boolean): Appearance =>
	mode === "system" ? (prefersDark ? "dark" : "light") : mode;

export const darkQuery = () => window.matchMedia?.("(prefers-color-scheme: dark)");

export function readMode(): ThemeMode {
	try {
		const stored = localStorage.getItem(THEME_STORAGE_KEY);
		return isThemeMode(stored) ? stored : "system";
	} catch {
		return "system";
	}
}

/** Puts the class on <html> that Radix Themes (appearance "inherit") and our CSS read. */
export function applyAppearance(appearance: Appearance): void {
	const root = document.documentElement;
	root.classList.remove(appearance === "dark" ? "light" : "dark");
	root.classList.add(appearance);
	root.style.colorScheme = appearance;
}
