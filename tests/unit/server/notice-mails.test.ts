import { describe, expect, it } from "vitest";
import { type Notice, renderNotice, simpleNotices } from "../../../server/mail/notices.ts";
import { renderResetEmail } from "../../../server/mail/reset-email.ts";
import { renderVerifyEmail } from "../../../server/mail/verify-email.ts";
import { locales } from "../../../shared/i18n/i18n-util.ts";

const notices: Notice[] = [
	...simpleNotices.map((kind) => ({ kind })),
	{
		kind: "emailChanged",
		newEmail: "new@example.com",
		by: "owner",
		revert: { link: "https://x/revert", validForMs: 1 },
	},
	{ kind: "emailChanged", newEmail: "new@example.com", by: "admin" },
	{ kind: "totpReset" },
	{ kind: "recoveryCodeUsed", remaining: 7 },
	{ kind: "passkeyAdded", name: "Work laptop" },
	{ kind: "identityLinked", provider: "Company SSO" },
	{ kind: "tokenCreated", name: "backup-script", scopes: ["read", "write"], expires: "2026-12-27" },
	{ kind: "tokenExpiring", name: "nightly", expires: "2026-12-04" },
];

describe("security notice e-mails", () => {
	it.each(locales)("every notice has its own subject and text in %s, HTML and plain", (locale) => {
		const subjects = new Set<string>();
		for (const notice of notices) {
			const mail = renderNotice(locale, "Ada", notice);
			expect(mail.subject).not.toBe("");
			expect(mail.html).toContain(`lang="${locale}"`);
			expect(mail.text).toContain("Ada");
			if (notice.kind === "emailChanged") expect(mail.text).toContain("new@example.com");
			if (notice.kind === "recoveryCodeUsed") expect(mail.text).toContain("7");
			if (notice.kind === "passkeyAdded") expect(mail.text).toContain("Work laptop");
			if (notice.kind === "identityLinked") expect(mail.text).toContain("Company SSO");
			if (notice.kind === "tokenExpiring") expect(mail.text).toMatch(/nightly[\s\S]*2026-12-04/);
			if (notice.kind === "tokenCreated") expect(mail.text).toMatch(/backup-script[\s\S]*read, write[\s\S]*2026-12-27/);
			subjects.add(`${notice.kind}:${mail.subject}`);
		}
		// The two e-mail change notices share a subject.
		expect(subjects.size).toBe(notices.length - 1);
	});

	it.each(locales)("the plain text never points at a button it does not have (%s)", (locale) => {
		const mail = renderNotice(locale, "Ada", notices.find((notice) => notice.kind === "emailChanged") as Notice);
		expect(mail.text).toContain("https://x/revert");
		expect(mail.text).not.toMatch(/button|bouton|الزر/i);
	});

	it("escapes what it interpolates", () => {
		const mail = renderNotice("en", "<b>Ada</b>", {
			kind: "emailChanged",
			newEmail: "x<script>@example.com",
			by: "admin",
		});
		expect(mail.html).not.toContain("<script>");
		expect(mail.html).toContain("&lt;b&gt;Ada&lt;/b&gt;");
		const verify = renderVerifyEmail({
			locale: "en",
			name: "Ada",
			email: "a&b@example.com",
			link: "https://x/verify-email?token=a&b",
			validForMs: 86_400_000,
		});
		expect(verify.html).toContain("a&amp;b@example.com");
		expect(verify.html).toContain('href="https://x/verify-email?token=a&amp;b"');
	});
});

describe("the reset e-mail after a revert", () => {
	it.each(locales)(
		"names what the revert removed in %s: two-factor, the passkeys' count, and asks for the owner's own",
		(locale) => {
			const base = { locale, name: "Ada", link: "https://x/reset-password?token=t", validForMs: 3_600_000 };
			const plain = renderResetEmail(base).text;
			const both = renderResetEmail({ ...base, removed: { passkeys: 3, twoFactor: true } }).text;
			const keysOnly = renderResetEmail({ ...base, removed: { passkeys: 2, twoFactor: false } }).text;
			const nothing = renderResetEmail({ ...base, removed: { passkeys: 0, twoFactor: false } }).text;
			expect(nothing).toBe(plain);
			const paragraphs = (text: string) => text.split("\n\n").length;
			// Intro, two-factor, passkeys, "add your own": four more paragraphs; without two-factor, three.
			expect(paragraphs(both)).toBe(paragraphs(plain) + 4);
			expect(paragraphs(keysOnly)).toBe(paragraphs(plain) + 3);
			expect(both).toContain("3");
			expect(keysOnly).toContain("2");
		},
	);
});
