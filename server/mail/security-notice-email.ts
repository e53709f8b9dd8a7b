import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { type RenderedMail, renderMail } from "./layout.ts";
import { translations } from "./locale.ts";

/** The account-security events the owner hears of by e-mail, whoever caused them. */
export type SecurityNoticeKind =
	| "totp_enabled"
	| "totp_disabled"
	| "totp_reset_by_admin"
	| "recovery_code_used"
	| "passkey_added";

export type SecurityNoticeInput = {
	locale: Locales;
	name: string;
	kind: SecurityNoticeKind;
	/** Recovery codes still unused (recovery_code_used); the passkey's name (passkey_added). */
	remaining?: number;
	passkeyName?: string;
};

/** A notice: what happened, and what to do if it was not the owner. */
export function renderSecurityNotice(input: SecurityNoticeInput): RenderedMail {
	const t = translations(input.locale).securityMail;
	const notNow = t.notYou();
	const content = {
		totp_enabled: { subject: t.totpEnabled.subject(), intro: [t.totpEnabled.intro()] },
		totp_disabled: { subject: t.totpDisabled.subject(), intro: [t.totpDisabled.intro()] },
		totp_reset_by_admin: { subject: t.totpReset.subject(), intro: [t.totpReset.intro()] },
		recovery_code_used: {
			subject: t.recoveryCodeUsed.subject(),
			intro: [t.recoveryCodeUsed.intro(), t.recoveryCodeUsed.remaining({ count: input.remaining ?? 0 })],
		},
		passkey_added: {
			subject: t.passkeyAdded.subject(),
			intro: [t.passkeyAdded.intro({ name: input.passkeyName ?? "" })],
		},
	}[input.kind];
	return renderMail(input.locale, { ...content, name: input.name, outro: [notNow] });
}
