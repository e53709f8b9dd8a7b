import type { MailLanguage } from "./language.ts";
import { ar } from "./templates/ar.ts";
import { en } from "./templates/en.ts";
import { fr } from "./templates/fr.ts";
import type { ResetTexts } from "./templates/types.ts";

const texts: Record<MailLanguage, ResetTexts> = { en, ar, fr };

const escapeHtml = (value: string) =>
	value.replace(
		/[&<>"']/g,
		(char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
	);

export type ResetEmailInput = { lang: MailLanguage; name: string; link: string; validForMs: number };

/** The reset e-mail: subject, HTML and plain text, in one language. Everything interpolated is escaped. */
export function renderResetEmail({ lang, name, link, validForMs }: ResetEmailInput) {
	const t = texts[lang];
	const minutes = Math.max(1, Math.round(validForMs / 60_000));
	const e = escapeHtml;
	const html = `<!doctype html>
<html lang="${lang}" dir="${t.dir}">
<head><meta charset="utf-8"><title>${e(t.subject)}</title></head>
<body style="font-family: Inter, Arial, sans-serif; color: #1a1a1a;">
<p>${e(t.greeting(name))}</p>
<p>${e(t.intro)}</p>
<p><a href="${e(link)}" style="display:inline-block;padding:10px 18px;background:#0d9488;color:#fff;text-decoration:none;border-radius:6px;">${e(t.button)}</a></p>
<p>${e(t.validity(minutes))}</p>
<p>${e(t.linkHint)}<br><a href="${e(link)}">${e(link)}</a></p>
<p>${e(t.ignore)}</p>
<p>${e(t.signature)}</p>
</body>
</html>
`;
	const text = [
		t.greeting(name),
		"",
		t.intro,
		"",
		link,
		"",
		t.validity(minutes),
		"",
		t.ignore,
		"",
		t.signature,
		"",
	].join("\n");
	return { subject: t.subject, html, text };
}
