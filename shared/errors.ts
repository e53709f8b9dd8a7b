/**
 * Every reason a domain operation can fail, with the text the REST layer sends as
 * `detail` (FastAPI template wording, so existing clients keep matching on it).
 * The client translates by reason; the HTTP status and tRPC code live in
 * server/http/errors.ts, the one table that maps them.
 */
export const errorTexts = {
	NOT_AUTHENTICATED: "Not authenticated",
	INVALID_CREDENTIALS: "Could not validate credentials",
	FORBIDDEN: "The user doesn't have enough privileges",
	INCORRECT_LOGIN: "Incorrect email or password",
	INACTIVE_USER: "Inactive user",
	RATE_LIMITED: "Rate limit exceeded, please try again later",
	/** The account's window of wrong second-factor codes is full (docs/decisions/029): a rate limit with its reason. */
	TOO_MANY_WRONG_CODES: "Too many wrong two-factor codes, please try again later",
	/** The session's or the account's window of wrong current passwords is full (docs/decisions/029). */
	TOO_MANY_WRONG_PASSWORDS: "Too many wrong passwords, please try again later",
	SIGNUP_EMAIL_TAKEN: "The user with this email already exists in the system",
	CREATE_EMAIL_TAKEN: "The user with this email already exists in the system.",
	UPDATE_EMAIL_TAKEN: "User with this email already exists",
	SIGNUP_DISABLED: "Open user registration is forbidden on this server",
	SUPERUSER_SELF_DELETE: "Super users are not allowed to delete themselves",
	SELF_DEMOTE: "Super users are not allowed to deactivate or demote themselves",
	/** A superuser changing their own e-mail, password or two-factor through the admin area: that takes Settings' proofs. */
	OWN_ACCOUNT_IN_SETTINGS: "Change your own email, password or two-factor authentication in Settings",
	LAST_SUPERUSER: "The last active superuser cannot be deactivated, demoted or deleted",
	INCORRECT_PASSWORD: "Incorrect password",
	SAME_PASSWORD: "New password cannot be the same as the current one",
	USER_NOT_FOUND: "User not found",
	USER_ID_NOT_FOUND: "The user with this id does not exist in the system",
	USER_EMAIL_NOT_FOUND: "The user with this username does not exist in the system.",
	INVALID_RESET_TOKEN: "Invalid token",
	PROFILE_NOT_FOUND: "Profile not found",
	IMAGE_NOT_OWNED: "The image URL must name a media file you own",
	FILE_TOO_LARGE: "Image file size must be less than 5MB",
	UNSUPPORTED_MEDIA: "Only JPEG, PNG, GIF and WebP images are accepted",
	IMAGE_TOO_LARGE: "The image has too many pixels or frames",
	UPLOADS_BUSY: "Too many images are being processed, please try again shortly",
	MEDIA_NOT_FOUND: "File not found",
	ENTITY_NOT_FOUND: "Entity not found",
	NOT_FOUND: "Not Found",
	SERVICE_UNAVAILABLE: "Service unavailable",
	REAUTH_REQUIRED: "Please confirm your identity",
	MFA_REQUIRED: "Two-factor code required",
	INVALID_TOTP_CODE: "Invalid two-factor code",
	MFA_TOKEN_INVALID: "This sign-in has expired, please log in again",
	TOTP_ALREADY_ENABLED: "Two-factor authentication is already enabled",
	TOTP_NOT_SET_UP: "Set up two-factor authentication first",
	TOTP_NOT_ENABLED: "Two-factor authentication is not enabled",
	TWO_FACTOR_UNAVAILABLE: "Two-factor authentication is unavailable on this server, please contact an administrator",
	PASSKEY_NOT_FOUND: "Passkey not found",
	/** A sign-in or confirmation by passkey that did not hold: unknown passkey, used or expired challenge, bad signature. */
	INVALID_PASSKEY: "Invalid passkey",
	PASSKEY_REGISTRATION_FAILED: "The passkey could not be registered, please try again",
	PASSKEY_ALREADY_REGISTERED: "This passkey is already registered",
	SESSION_NOT_FOUND: "Session not found",
	EMAIL_NOT_VERIFIED: "Email not verified",
	EMAIL_ALREADY_VERIFIED: "Email already verified",
	/** A verification or "this wasn't me" link that is unknown, used or expired (the reset link's wording). */
	INVALID_EMAIL_TOKEN: "Invalid token",
	USER_HAS_PASSWORD: "The user has already set a password",
	/** Something only a signed-in person does (credentials, tokens, sessions, re-authentication), asked with an access token. */
	TOKEN_NOT_ALLOWED: "This cannot be done with an access token",
	/** An access token without the scope the route needs (or an admin scope of an owner who is no longer a superuser). */
	INSUFFICIENT_SCOPE: "The access token's scopes do not allow this",
	TOKEN_NOT_FOUND: "Access token not found",
	TOKEN_TTL_TOO_LONG: "The access token would live longer than this server allows",
	PROVIDER_NOT_FOUND: "Sign-in provider not found",
	/** The provider's discovery, keys or token endpoint did not answer in time: its button works again once it does. */
	PROVIDER_UNAVAILABLE: "The sign-in provider cannot be reached, please try again later",
	/** A sign-in through a provider that did not hold: a state, browser, nonce, issuer or token check failed, or it expired. */
	PROVIDER_SIGN_IN_FAILED: "The sign-in with your provider did not complete, please try again",
	/** The provider's identity is linked to no account, and may not be linked by its e-mail (docs: linking rules). */
	IDENTITY_NOT_LINKED: "No account is linked to this sign-in: sign in another way, then link it in Settings",
	/** GitHub with GITHUB_ALLOWED_ORGS: the person is a member of none of the allowed organisations. */
	ORG_NOT_ALLOWED: "Your GitHub account is not a member of an organisation allowed to sign in here",
	/** The provider's address is not in its ALLOWED_DOMAINS: it can neither link by e-mail nor sign up. */
	DOMAIN_NOT_ALLOWED: "Your address at the provider is not in a domain allowed to sign in here",
	/** The address's domain signs in through its provider only (`OIDC_<ID>_ENFORCE`): no password sign-in nor recovery. */
	PASSWORD_SIGN_IN_DISABLED:
		"Password sign-in is turned off for this address: sign in with your organisation's provider",
	IDENTITY_NOT_FOUND: "Linked sign-in not found",
	/** GitHub sends no time of sign-in (no `max_age`, no `auth_time`): it cannot confirm a fresh one. */
	PROVIDER_CANNOT_REAUTHENTICATE: "GitHub cannot confirm a fresh sign-in: sign out, then sign in with GitHub again",
	/** Removing it would leave the account with no password, passkey or linked identity (docs/decisions/039). */
	LAST_SIGN_IN_METHOD: "This is the last way to sign in to the account: add another one before removing it",
	/** The provider's identity that came back from a link is already another account's. */
	IDENTITY_LINKED_ELSEWHERE: "This sign-in is already linked to another account",
	/** The account already has an identity of this provider (another one): unlink it first. */
	PROVIDER_ALREADY_LINKED: "An identity of this provider is already linked to your account: unlink it first",
} as const;

export type ErrorReason = keyof typeof errorTexts;

/**
 * 403s that refuse one action by a business rule (an admin deleting themself), unlike
 * "not enough privileges": the client shows them instead of ending the session.
 */
export const ruleRefusals: ReadonlySet<ErrorReason> = new Set([
	"SIGNUP_DISABLED",
	"SUPERUSER_SELF_DELETE",
	"SELF_DEMOTE",
	"OWN_ACCOUNT_IN_SETTINGS",
	"LAST_SUPERUSER",
	"REAUTH_REQUIRED",
	"IDENTITY_NOT_LINKED",
	"PASSWORD_SIGN_IN_DISABLED",
	"ORG_NOT_ALLOWED",
	"DOMAIN_NOT_ALLOWED",
	// An access token's refusals (the browser never holds one, but a 403 about a token is never the session's end).
	"TOKEN_NOT_ALLOWED",
	"INSUFFICIENT_SCOPE",
]);

export const isErrorReason = (value: unknown): value is ErrorReason =>
	typeof value === "string" && Object.hasOwn(errorTexts, value);
