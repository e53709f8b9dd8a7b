/** E-mail texts, rendered by the server in the recipient's language (server/mail). */
export const mail = {
	greeting: "Hello {name:string},",
	linkHint: "If the button does not work, copy this link into your browser:",
	signature: "The Portico team",
	validMinutes: "This link is valid for {count:number} {{minute|minutes}}.",
	validHours: "This link is valid for {count:number} {{hour|hours}}.",
	validDays: "This link is valid for {count:number} {{day|days}}.",
	reset: {
		subject: "Password recovery",
		intro: "We received a request to reset the password of your Portico account.",
		button: "Reset password",
		ignore: "If you did not ask for a new password, you can ignore this e-mail; your password stays the same.",
		/** After a "This wasn't me" revert: what it removed from the account, which the owner adds again. */
		revertRemoved: {
			intro:
				"Your e-mail change was undone. To give you the account back whole, we also removed what someone else could have added to it to sign in:",
			twoFactor: "Two-factor authentication, with its authenticator app and its recovery codes.",
			passkeys: "Passkeys removed: {count:number}.",
			addAgain:
				"Once you have chosen a new password, add your own passkeys and two-factor authentication again in Settings, Security.",
		},
	},
	/** The link that proves an address: sent at sign-up, after an e-mail change, and on request. */
	verify: {
		subject: "Verify your e-mail",
		intro: "Please confirm that {email:string} is the address of your Portico account.",
		button: "Verify e-mail",
		ignore: "If you did not sign up for Portico or change your e-mail there, you can ignore this e-mail.",
	},
	/** Security notices: something changed on the account (server/services/notices.ts). */
	notice: {
		ifNotYou:
			'If this was you, there is nothing to do. If it was not, reset your password at once with "Forgot Password?" on the login screen, and tell your administrator.',
		passwordChanged: {
			subject: "Your password was changed",
			intro: "The password of your Portico account was just changed.",
		},
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
			askAdmin: "If you did not ask for this, contact your administrator.",
		},
		recoveryCodeUsed: {
			subject: "A recovery code was used",
			intro:
				"One of the recovery codes of your Portico account was just used to confirm your identity. It cannot be used again.",
			remaining: "Unused recovery codes left: {count:number}. You can generate new ones in Settings, Security.",
		},
		secondFactorLocked: {
			subject: "Wrong two-factor codes on your account",
			intro:
				"Many wrong two-factor codes were just entered for your Portico account, after its right password: codes are refused for the next 15 minutes. Whoever entered them knows your password.",
		},
		passwordGuessesLocked: {
			subject: "Wrong passwords in a signed-in session",
			intro:
				"Many wrong passwords were just entered in a signed-in session of your Portico account, to confirm its identity or change its password: passwords are refused there for the next 15 minutes. You can end sessions you do not know in Settings, Security.",
		},
		passkeyAdded: {
			subject: "A passkey was added",
			intro: 'A passkey named "{name:string}" was added to your Portico account. It can sign in without your password.',
		},
		identityLinked: {
			subject: "A sign-in provider was linked",
			intro:
				"Your account at {provider:string} was linked to your Portico account. It can sign in to Portico from now on. You can unlink it in Settings, Security.",
		},
		tokenCreated: {
			subject: "A new access token was created",
			intro:
				'A personal access token named "{name:string}" with the scopes {scopes:string} was created on your Portico account. Scripts holding it can use the API as you until {expires:string}.',
		},
		tokenExpiring: {
			subject: "An access token ends soon",
			intro:
				'The personal access token "{name:string}" of your Portico account ends on {expires:string}. Scripts using it will be refused from then on: create a new one in Settings, Tokens, if they still need it.',
		},
		emailChanged: {
			subject: "Your e-mail was changed",
			intro:
				"The e-mail address of your Portico account was changed to {email:string}. Messages about the account now go there, not here.",
			byAdmin:
				"An administrator changed the e-mail address of your Portico account to {email:string}. Messages about the account now go there, not here.",
			revert:
				"If you did not make this change, use the link below: it puts this address back, signs out every session and sends you a link to choose a new password.",
			button: "This wasn't me",
			askAdmin: "If you did not expect this change, contact your administrator.",
		},
	},
	invite: {
		subject: "Set your password",
		intro: "An administrator has created a Portico account for you. You will sign in with {email:string}.",
		choose: "Choose your password to start using it.",
		button: "Set your password",
		ignore:
			"If you did not expect this invitation, you can ignore this e-mail: without a password, nobody can sign in to the account.",
		/** The same invitation where the address's domain signs in through its provider only (OIDC_<ID>_ENFORCE). */
		provider: {
			subject: "Your Portico account is ready",
			signIn:
				"Sign in through {provider:string} to start using it: your address signs in there, with no password here.",
			button: "Sign in with {provider:string}",
			ignore: "If you did not expect this invitation, tell your administrator.",
		},
	},
};
