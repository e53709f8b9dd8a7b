/** Just enough MIME to read the messages our mailer writes: headers, parts, QP and base64. */
export type ParsedMail = { headers: Record<string, string>; subject: string; text: string; html: string };

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
	const normalized = raw.replace(/\r\n/g, "\n");
	const end = normalized.indexOf("\n\n");
	const head = end === -1 ? normalized : normalized.slice(0, end);
	const body = end === -1 ? "" : normalized.slice(end + 2);
	const headers: Record<string, string> = {};
	for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
		const colon = line.indexOf(":");
		if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	return { headers, body };
}

const decodeQp = (value: string) =>
	Buffer.from(
		value
			.replace(/=\n/g, "")
			.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
		"latin1",
	).toString("utf8");

function decodeBody(headers: Record<string, string>, body: string): string {
	const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
	if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
	if (encoding === "quoted-printable") return decodeQp(body);
	return body;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=). */
const decodeWords = (value: string) =>
	value
		.replace(/\?=\s+=\?/g, "?==?")
		.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
			kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQp(text.replace(/_/g, " ")),
		);

export function parseMail(raw: string): ParsedMail {
	const result: ParsedMail = { headers: {}, subject: "", text: "", html: "" };
	const walk = (part: string, top: boolean) => {
		const { headers, body } = splitHead(part);
		if (top) result.headers = headers;
		const type = headers["content-type"] ?? "text/plain";
		const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
		if (type.toLowerCase().startsWith("multipart/") && boundary) {
			for (const child of body.split(`--${boundary}`).slice(1)) {
				if (!child.startsWith("--")) walk(child.replace(/^\n/, ""), false);
			}
		} else if (type.toLowerCase().startsWith("text/html")) result.html = decodeBody(headers, body);
		else if (type.toLowerCase().startsWith("text/plain")) result.text = decodeBody(headers, body);
	};
	walk(raw, true);
	result.subject = decodeWords(result.headers.subject ?? "");
	return result;
}

/** The reset token in a message's plain-text link. */
export function resetTokenOf(mail: ParsedMail): string {
	const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
	if (!match?.[1]) throw new Error("no reset link in the e-mail");
	return decodeURIComponent(match[1]);
}

/** The token of a message's link to `path` ("/verify-email", "/revert-email"), from the plain text. */
export function linkTokenOf(mail: ParsedMail, path: string): string {
	const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
	if (!match?.[1]) throw new Error(`no ${path} link in the e-mail`);
	return decodeURIComponent(match[1]);
}
