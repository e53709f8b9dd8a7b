import { type Locales, SUPPORTED_LOCALES, useI18n } from "../../i18n/index.tsx";

/**
 * A native select: not searchable, no empty choice (the language selector is neither searchable nor clearable), keyboard and screen
 * reader behaviour for free, and light enough for the login screen's budget. Each name is
 * shown in its own language.
 */
export function LanguageSelect() {
	const { LL, locale, setLocale } = useI18n();
	return (
		<select
			className="native-select"
			aria-label={LL.common.selectLanguage()}
			value={locale}
			onChange={(event) => setLocale(event.target.value as Locales)}
		>
			{SUPPORTED_LOCALES.map((code) => (
				<option key={code} value={code} lang={code}>
					{LL.common.languages[code]()}
				</option>
			))}
		</select>
	);
}
