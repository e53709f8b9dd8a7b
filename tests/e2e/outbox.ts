import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir, expect } from "./fixtures.ts";

/**
 * The e2e server's outbox (no SMTP configured): each message it sent is an .eml file under
 * DATA_DIR/outbox, named so that they sort oldest first. One address may get several
 * (a sign-up's verification mail, then a reset link): look for the one a test waits for,
 * never just the newest.
 */
function rawMailsTo(email: string): string[] {
	const dir = join(dataDir, "outbox");
	let files: string[] = [];
	try {
		files = readdirSync(dir)
			.filter((name) => name.endsWith(".eml"))
			.sort();
	} catch {
		return [];
	}
	const addressed = new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "m");
	return files.map((name) => readFileSync(join(dir, name), "utf8")).filter((text) => addressed.test(text));
}

/** The body as written: quoted-printable soft line breaks undone and "=3D" back to "=". */
export const unfoldBody = (mail: string) => mail.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");

/** The outbox messages to `email`, oldest first, bodies unfolded. */
const mailsTo = (email: string): string[] => rawMailsTo(email).map(unfoldBody);

type LinkPath = "/verify-email" | "/revert-email" | "/reset-password";
const linkPattern = (path: LinkPath) => new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`);

/** The newest message to `email` carrying a link to `path`, as sent (headers not unfolded), waiting for it. */
export async function rawMailWithLink(email: string, path: LinkPath): Promise<string> {
	let found: string | undefined;
	await expect
		.poll(() => (found = rawMailsTo(email).findLast((mail) => linkPattern(path).test(unfoldBody(mail)))), {
			timeout: 30_000,
		})
		.toBeDefined();
	return found as string;
}

/** The path and query of the newest link to `path` mailed to `email`, waiting for it; `count` links at least. */
export async function linkTo(email: string, path: LinkPath, count = 1): Promise<string> {
	let links: string[] = [];
	await expect
		.poll(
			() => {
				links = mailsTo(email).flatMap((mail) => linkPattern(path).exec(mail)?.[0] ?? []);
				return links.length;
			},
			{ timeout: 30_000 },
		)
		.toBeGreaterThanOrEqual(count);
	const url = new URL(links.at(-1) as string);
	return url.pathname + url.search;
}
