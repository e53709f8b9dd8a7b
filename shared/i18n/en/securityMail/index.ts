/**
 * Notices of account-security changes, rendered by the server in the recipient's language
 * (server/mail). A namespace of its own: the server loads it with every language, the
 * client never does, so no screen's JavaScript carries these texts.
 */
import type { BaseTranslation } from "../../i18n-types";

const en_securityMail = {
	notYou:
		"If this was not you, sign in, change your password and review your two-factor settings and passkeys now, or contact an administrator.",
	totpEnabled: {
		subject: "Two-factor authentication enabled",
		intro:
			"Two-factor authentication was turned on for your Portico account: signing in now also asks for a code from your authenticator app.",
	},
	totpDisabled: {
		subject: "Two-factor authentication disabled",
		intro:
			"Two-factor authentication was turned off for your Portico account: signing in now asks for your password only.",
	},
	totpReset: {
		subject: "Two-factor authentication reset",
		intro:
			"An administrator turned off two-factor authentication for your Portico account. You can turn it on again in Settings, Security.",
	},
	recoveryCodeUsed: {
		subject: "A recovery code was used",
		intro:
			"One of the recovery codes of your Portico account was just used to confirm your identity. It cannot be used again.",
		remaining: "Unused recovery codes left: {count:number}. You can generate new ones in Settings, Security.",
	},
	passkeyAdded: {
		subject: "A passkey was added",
		intro: 'A passkey named "{name:string}" was added to your Portico account. It can sign in without your password.',
	},
} satisfies BaseTranslation;

export default en_securityMail;
