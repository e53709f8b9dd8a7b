/** What the user can do about a refusal, added after its text. */
export const errorHints = {
	/** After a rate limit's text, the wait the server gave (Retry-After). */
	tryAgainIn: "Try again in {seconds:number|wait}.",
	/** After "Inactive user" at login. */
	contactAdmin: "Contact an administrator.",
	/** A reset link the server refused (expired, used, or replaced by a newer one). */
	resetLinkInvalid: "This link has expired or was already used. Ask for a new recovery e-mail.",
};
