import type { ResetTexts } from "./types.ts";

export const en: ResetTexts = {
	dir: "ltr",
	subject: "Password recovery",
	greeting: (name) => `Hello ${name},`,
	intro: "We received a request to reset the password of your Portico account.",
	button: "Reset password",
	validity: (minutes) => `This link is valid for ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
	linkHint: "If the button does not work, copy this link into your browser:",
	ignore: "If you did not ask for a new password, you can ignore this e-mail; your password stays the same.",
	signature: "The Portico team",
};
