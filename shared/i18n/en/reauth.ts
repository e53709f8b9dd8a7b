/** The dialog that asks for a fresh proof of identity before a sensitive action; one block per method. */
export const reauth = {
	title: "Confirm your identity",
	confirm: "Confirm",
	cancel: "Cancel",
	password: {
		text: "For your security, enter your password to continue.",
		label: "Password",
	},
};
