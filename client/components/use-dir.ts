import { directionOf, useI18n } from "../i18n/index.tsx";

/**
 * The text direction of the current language. Radix primitives (tabs, radio groups, menus,
 * selects) default to "ltr" and set it on their element unless told, so screens pass this.
 */
export function useDir(): "ltr" | "rtl" {
	const { locale } = useI18n();
	return directionOf(locale);
}
