import type { NamespaceBaseTranslation } from "../../namespace-base";

/** The dialog that asks for a fresh proof of identity before a sensitive action; one block per method. */
const reauth = {
	title: "Confirm your identity",
	confirm: "Confirm",
	cancel: "Cancel",
	password: {
		text: "For your security, enter your password to continue.",
		label: "Password",
	},
	code: {
		tab: "Code",
		text: "Enter a code from your authenticator app, or one of your recovery codes.",
		label: "Two-factor code",
	},
	passkey: {
		tab: "Passkey",
		text: "Use one of your passkeys to confirm it is you.",
		button: "Use a passkey",
	},
	methods: "How to confirm",
	passwordTab: "Password",
} satisfies NamespaceBaseTranslation;

export default reauth;
