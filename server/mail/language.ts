export const mailLanguages = ["en", "ar", "fr"] as const;
export type MailLanguage = (typeof mailLanguages)[number];

const isMailLanguage = (value: string): value is MailLanguage => (mailLanguages as readonly string[]).includes(value);

/**
 * The first supported language of an Accept-Language header, q-values honoured
 * (only the language part of a tag counts); `en` when none fits.
 */
export function pickLanguage(header: string | undefined): MailLanguage {
	if (!header) return "en";
	const ranked = header
		.slice(0, 1000)
		.split(",")
		.map((part, index) => {
			const [tag = "", ...params] = part.trim().split(";");
			const q = params.map((p) => /^\s*q=(.*)$/i.exec(p)?.[1]?.trim()).find((v) => v !== undefined);
			return { lang: tag.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q), index };
		})
		.filter(({ q }) => Number.isFinite(q) && q > 0)
		.sort((a, b) => b.q - a.q || a.index - b.index);
	return ranked.map(({ lang }) => lang).find(isMailLanguage) ?? "en";
}
