import { Select } from "@radix-ui/themes";
import { type Locales, SUPPORTED_LOCALES, useI18n } from "../../i18n/index.tsx";

/** Not searchable, no empty choice (product.md §2); names are shown in their own language. */
export function LanguageSelect() {
	const { LL, locale, setLocale } = useI18n();
	return (
		<Select.Root value={locale} onValueChange={(value) => setLocale(value as Locales)}>
			<Select.Trigger aria-label={LL.common.selectLanguage()} variant="soft" color="gray" />
			<Select.Content position="popper">
				{SUPPORTED_LOCALES.map((code) => (
					<Select.Item key={code} value={code} lang={code} dir={code === "ar" ? "rtl" : "ltr"}>
						{LL.common.languages[code]()}
					</Select.Item>
				))}
			</Select.Content>
		</Select.Root>
	);
}
