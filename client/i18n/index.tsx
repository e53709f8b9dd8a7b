import { type ReactNode, useCallback, useEffect } from "react";
import TypesafeI18n, { useI18nContext } from "../../shared/i18n/i18n-react.tsx";
import type { Locales, TranslationFunctions } from "../../shared/i18n/i18n-types.ts";
import { loadAllLocales } from "../../shared/i18n/i18n-util.sync.ts";
import { detectLocale, directionOf, LANG_STORAGE_KEY } from "./detect.ts";

export type { Locales, TranslationFunctions };
export { directionOf, SUPPORTED_LOCALES } from "./detect.ts";

// All three languages are small and preloaded (product.md §9): switching never waits.
loadAllLocales();

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

export function I18nProvider({ children }: { children: ReactNode }) {
	return (
		<TypesafeI18n locale={initialLocale()}>
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
			applyToDocument(next);
			setLocale(next);
		},
		[setLocale],
	);
	return { LL, locale, setLocale: change };
}
