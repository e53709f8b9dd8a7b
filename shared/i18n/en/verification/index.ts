import type { NamespaceBaseTranslation } from "../../namespace-base";

/** E-mail verification: the banner, the /verify-email and /revert-email screens. */
const verification = {
	banner: {
		title: "Please verify your e-mail address",
		text: "We sent a link to {email:string}. Open it to confirm the address is yours.",
		resend: "Resend",
		resendIn: "Resend in {seconds:number} s",
		sent: "Verification email sent. Check your inbox.",
		dismiss: "Dismiss",
	},
	verify: {
		title: "E-mail verification",
		checking: "Checking your link...",
		done: "Your e-mail address is verified. Thank you!",
		alreadyDone: "Your e-mail address is already verified.",
		invalid: "This link is invalid, has expired or was already used.",
		missingToken: "This link has no token. Open the link from the e-mail again.",
		askAgain: "Ask for a new link",
		logInToAsk: "Log in to ask for a new link.",
	},
	revert: {
		title: "Undo the e-mail change",
		text: "The e-mail address of your account was changed. If you did not do it, undo the change: your previous address comes back, every session is signed out, passkeys and two-factor authentication are removed (you add your own again), and we send that address a link to choose a new password.",
		button: "Undo the change",
		done: "The change was undone. Every session was signed out, passkeys and two-factor authentication were removed, and we sent a link to set a new password to your previous address.",
		invalid: "This link is invalid, has expired or was already used.",
		missingToken: "This link has no token. Open the link from the e-mail again.",
	},
	continueToApp: "Continue to Portico",
	goToLogin: "Go to Log In",
} satisfies NamespaceBaseTranslation;

export default verification;
