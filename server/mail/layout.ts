import { directionOf } from "../../shared/i18n/direction.ts";
import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { translations } from "./locale.ts";

export type MailContent = {
	subject: string;
	/** The recipient's name or, without one, their e-mail. */
	name: string;
	/** Paragraphs before the button. */
	intro: string[];
	/** The call to action, with how long its link is valid (none for a link that does not expire). */
	action?: { label: string; link: string; validForMs?: number };
	/** Paragraphs after it. */
	outro: string[];
};

export type RenderedMail = { subject: string; html: string; text: string };

const escapeHtml = (value: string) =>
	value.replace(
		/[&<>"']/g,
		(char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
	);

/** Line breaks and other control characters never reach a mail, whatever was stored. */
const oneLine = (value: string) => value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();

/** "valid for 60 minutes", "24 hours", "7 days": the largest whole unit. */
function validity(locale: Locales, ms: number): string {
	const t = translations(locale).mail;
	const minutes = Math.max(1, Math.round(ms / 60_000));
	if (minutes % 1440 === 0) return t.validDays({ count: minutes / 1440 });
	if (minutes % 60 === 0 && minutes >= 120) return t.validHours({ count: minutes / 60 });
	return t.validMinutes({ count: minutes });
}

/**
 * Every Portico e-mail has this shape: a greeting, some paragraphs, at most one button
 * with its link spelled out, a signature; in HTML and plain text, in one language, with
 * everything interpolated escaped.
 */
export function renderMail(locale: Locales, content: MailContent): RenderedMail {
	const t = translations(locale).mail;
	const e = escapeHtml;
	const greeting = t.greeting({ name: oneLine(content.name) });
	const action = content.action;
	const html = `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head><meta charset="utf-8"><title>${e(content.subject)}</title></head>
<body style="font-family: Inter, Arial, sans-serif; color: #1a1a1a;">
<p>${e(greeting)}</p>
${content.intro.map((paragraph) => `<p>${e(paragraph)}</p>`).join("\n")}
${
	action
		? `<p><a href="${e(action.link)}" style="display:inline-block;padding:10px 18px;background:#0d9488;color:#fff;text-decoration:none;border-radius:6px;">${e(action.label)}</a></p>
${action.validForMs === undefined ? "" : `<p>${e(validity(locale, action.validForMs))}</p>\n`}<p>${e(t.linkHint())}<br><a href="${e(action.link)}">${e(action.link)}</a></p>`
		: ""
}
${content.outro.map((paragraph) => `<p>${e(paragraph)}</p>`).join("\n")}
<p>${e(t.signature())}</p>
</body>
</html>
`;
	const text = [
		greeting,
		...content.intro,
		...(action ? [action.link] : []),
		...(action?.validForMs === undefined ? [] : [validity(locale, action.validForMs)]),
		...content.outro,
		t.signature(),
	]
		.flatMap((paragraph) => [paragraph, ""])
		.join("\n");
	return { subject: content.subject, html, text };
}
