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
	},
	invite: {
		subject: "Set your password",
		intro: "An administrator has created a Portico account for you. You will sign in with {email:string}.",
		choose: "Choose your password to start using it.",
		button: "Set your password",
		ignore:
			"If you did not expect this invitation, you can ignore this e-mail: without a password, nobody can sign in to the account.",
	},
};
