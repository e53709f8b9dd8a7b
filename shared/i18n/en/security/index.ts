import type { BaseTranslation } from "../../i18n-types";

/**
 * Settings -> Security (two-factor, recovery codes, passkeys) and the login's second step.
 * A namespace: loaded by those screens (useNamespace), so the login screen does not carry it.
 */
const en_security = {
	twoFactor: {
		heading: "Two-factor authentication",
		intro: "Sign in with a code from an authenticator app as well as your password.",
		on: "On",
		off: "Off",
		since: "Enabled on {date:string}",
		codesLeft: "Recovery codes left: {count:number}",
		enable: "Enable",
		disable: "Disable",
		scan: "Scan this QR code with your authenticator app, or type the key into it.",
		qrAlt: "QR code to add Portico to an authenticator app",
		key: "Key",
		code: "Code from the app",
		verify: "Verify and enable",
		cancel: "Cancel",
		enabled: "Two-factor authentication enabled",
		disableTitle: "Disable two-factor authentication?",
		disableText: "Signing in will ask for your password only, and your recovery codes will stop working.",
		disabled: "Two-factor authentication disabled",
		regenerate: "Generate new recovery codes",
		regenerateText: "Your current recovery codes will stop working.",
	},
	codes: {
		heading: "Your recovery codes",
		text: "Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.",
		copy: "Copy",
		download: "Download",
		copied: "Copied",
		done: "I have saved them",
		file: "Portico recovery codes for {email:string}",
	},
	login: {
		heading: "Two-factor authentication",
		codeText: "Enter the code from your authenticator app.",
		codeLabel: "Two-factor code",
		recoveryText: "Enter one of your recovery codes.",
		recoveryLabel: "Recovery code",
		recoveryInstead: "Use a recovery code",
		appInstead: "Use the authenticator app",
		verify: "Verify",
		back: "Back to Log In",
	},
} satisfies BaseTranslation;

export default en_security;
