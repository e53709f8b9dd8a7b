import { type ReactNode, useCallback, useEffect } from "react";
import TypesafeI18n, { useI18nContext } from "../../shared/i18n/i18n-react.tsx";
import type { Locales, TranslationFunctions } from "../../shared/i18n/i18n-types.ts";
import { loadLocaleAsync } from "../../shared/i18n/i18n-util.async.ts";
import { detectLocale, directionOf, LANG_STORAGE_KEY } from "./detect.ts";
import { loadNamespaces, namespacesInUse, showLocale } from "./namespaces.ts";

export { directionOf, SUPPORTED_LOCALES } from "./detect.ts";
export { useNamespaces } from "./namespaces.ts";
export type { Locales, TranslationFunctions };

/**
 * Loads the starting language before the first render, and only it: each dictionary is
 * its own chunk, and another one loads when the user picks that language. The signed-in
 * screens' texts are namespaces, loaded by the screens that show them (./namespaces.ts).
 */
export async function prepareI18n(): Promise<Locales> {
	const locale = initialLocale();
	await loadLocaleAsync(locale);
	showLocale(locale);
	return locale;
}

const readStored = (): string | null => {
	try {
		return localStorage.getItem(LANG_STORAGE_KEY);
	} catch {
		return null;
	}
};

export function initialLocale(): Locales {
	return detectLocale({
		stored: readStored(),
		browser: navigator.languages ?? [navigator.language],
		htmlLang: document.documentElement.getAttribute("lang"),
	});
}

function applyToDocument(locale: Locales): void {
	document.documentElement.setAttribute("lang", locale);
	document.documentElement.setAttribute("dir", directionOf(locale));
}

function DocumentLocale() {
	const { locale } = useI18nContext();
	useEffect(() => {
		if (locale) applyToDocument(locale);
	}, [locale]);
	return null;
}

export function I18nProvider({ locale, children }: { locale: Locales; children: ReactNode }) {
	return (
		<TypesafeI18n locale={locale}>
			<DocumentLocale />
			{children}
		</TypesafeI18n>
	);
}

/** `LL.group.key()` texts, the current locale and a setter that persists the choice. */
export function useI18n(): { LL: TranslationFunctions; locale: Locales; setLocale: (locale: Locales) => void } {
	const { LL, locale, setLocale } = useI18nContext();
	const change = useCallback(
		(next: Locales) => {
			try {
				localStorage.setItem(LANG_STORAGE_KEY, next);
			} catch {
				// Private mode: the choice lasts for this page only.
			}
			// The page keeps its language until the new dictionary (one small chunk) is there,
			// with the namespaces the screens shown so far use.
			void Promise.all([loadLocaleAsync(next), ...(namespacesInUse() ? [loadNamespaces(next)] : [])]).then(() => {
				showLocale(next);
				applyToDocument(next);
				setLocale(next);
			});
		},
		[setLocale],
	);
	return { LL, locale, setLocale: change };
}
