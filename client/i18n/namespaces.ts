import { use } from "react";
import { useI18nContext } from "../../shared/i18n/i18n-react.tsx";
import type { Locales, Namespaces, Translations } from "../../shared/i18n/i18n-types.ts";
import { loadedLocales } from "../../shared/i18n/i18n-util.ts";
import type { NamespaceTexts } from "./namespace-texts.ts";

/**
 * The texts only signed-in screens (and the e-mailed links' screens) show are typesafe-i18n
 * namespaces (shared/i18n/<lang>/<namespace>/), so the dictionary /login loads leaves them out
 * (docs/decisions/022). A screen that shows them suspends until they are loaded: no empty
 * texts on its first paint.
 */

/** Whether a screen has asked for namespaces: a language switch then loads them in the new language first. */
let inUse = false;
/**
 * A language's namespaces are one chunk (one file to fetch; typesafe-i18n's own
 * loadNamespaceAsync would put a loader per language and namespace in the entry chunk).
 */
const chunks: Record<Locales, () => Promise<{ default: NamespaceTexts }>> = {
	ar: () => import("./ar-namespaces.ts"),
	en: () => import("./en-namespaces.ts"),
	fr: () => import("./fr-namespaces.ts"),
};
const loads = new Map<Locales, Promise<void>>();
/** Per `LL` that lacks a namespace: its load, then the provider's new `LL`. */
const rebuilds = new WeakMap<object, Promise<void>>();
let shownLocale: Locales | null = null;

export const namespacesInUse = (): boolean => inUse;

/** The language on screen; a namespace loaded for an older one must not switch back to it. */
export function showLocale(locale: Locales): void {
	shownLocale = locale;
}

/** Loads the language's namespaces (all of them: one file) into its dictionary. */
export function loadNamespaces(locale: Locales): Promise<void> {
	let load = loads.get(locale);
	if (!load) {
		load = chunks[locale]().then(({ default: texts }) => {
			loadedLocales[locale] = { ...loadedLocales[locale], ...(texts as Partial<Translations>) };
		});
		// A failed download is tried again at the next render (RouteErrorBoundary's retry).
		load.catch(() => loads.delete(locale));
		loads.set(locale, load);
	}
	return load;
}

/** Suspends the calling screen until these namespaces are in `LL`, in the current language. */
export function useNamespaces(...namespaces: Namespaces[]): void {
	const { LL, locale, setLocale } = useI18nContext();
	inUse = true;
	const missing = namespaces.filter((namespace) => !(namespace in LL));
	if (missing.length === 0) return;
	let ready = rebuilds.get(LL);
	if (!ready) {
		ready = loadNamespaces(locale).then(
			() =>
				new Promise<void>((resolve) => {
					// typesafe-i18n's LL copies the dictionary's sections when it is built: build it again.
					setLocale(shownLocale ?? locale);
					// The provider renders its new LL before the screen tries again.
					setTimeout(resolve);
				}),
		);
		rebuilds.set(LL, ready);
	}
	use(ready);
}
