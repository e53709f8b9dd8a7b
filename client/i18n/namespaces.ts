import { use } from "react";
import { useI18nContext } from "../../shared/i18n/i18n-react.tsx";
import type { Locales, Namespaces } from "../../shared/i18n/i18n-types.ts";
import { loadNamespaceAsync } from "../../shared/i18n/i18n-util.async.ts";

/**
 * The texts only signed-in screens (and the e-mailed links' screens) show are typesafe-i18n
 * namespaces (shared/i18n/<lang>/<namespace>/), so the dictionary /login loads leaves them out
 * (docs/decisions/022). A screen that shows them suspends until they are loaded: no empty
 * texts on its first paint.
 */

/** Every namespace a screen has asked for: a language switch loads them in the new language first. */
const inUse = new Set<Namespaces>();
const loads = new Map<string, Promise<void>>();
/** Per `LL` that lacks a namespace: its load, then the provider's new `LL`. */
const rebuilds = new WeakMap<object, Promise<void>>();
let shownLocale: Locales | null = null;

export const namespacesInUse = (): Namespaces[] => [...inUse];

/** The language on screen; a namespace loaded for an older one must not switch back to it. */
export function showLocale(locale: Locales): void {
	shownLocale = locale;
}

export function loadNamespaces(locale: Locales, namespaces: readonly Namespaces[]): Promise<void> {
	const key = `${locale}:${[...namespaces].sort().join()}`;
	let load = loads.get(key);
	if (!load) {
		load = Promise.all(namespaces.map((namespace) => loadNamespaceAsync(locale, namespace))).then(() => undefined);
		// A failed download is tried again at the next render (RouteErrorBoundary's retry).
		load.catch(() => loads.delete(key));
		loads.set(key, load);
	}
	return load;
}

/** Suspends the calling screen until these namespaces are in `LL`, in the current language. */
export function useNamespaces(...namespaces: Namespaces[]): void {
	const { LL, locale, setLocale } = useI18nContext();
	for (const namespace of namespaces) inUse.add(namespace);
	const missing = namespaces.filter((namespace) => !(namespace in LL));
	if (missing.length === 0) return;
	let ready = rebuilds.get(LL);
	if (!ready) {
		ready = loadNamespaces(locale, missing).then(
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
