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
};
