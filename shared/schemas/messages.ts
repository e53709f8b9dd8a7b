/**
 * Validation messages. Schemas carry the key; the English text here is what the REST
 * layer puts in a 422 `msg`, and the base of the `validation` group of the i18n
 * dictionaries, which translate the same keys.
 */
export const validationMessages = {
	fieldRequired: "This field is required",
	mustBeText: "Must be text",
	fullNameRequired: "Full Name is required",
	fullNameMin: "Full name must be at least 3 characters",
	fullNameMax: "Must be no more than 30 characters",
	textTooLong: "Must be no more than 255 characters",
	noControlCharacters: "Must be one line, without control characters",
	emailRequired: "Email is required",
	emailInvalid: "Invalid email address",
	passwordRequired: "Password is required",
	passwordMin: "Password must be at least 8 characters",
	passwordMax: "Password must be no more than 128 characters",
	confirmPasswordRequired: "Please confirm your password",
	passwordsDoNotMatch: "Passwords do not match",
	passwordConfirmationRequired: "Password confirmation is required",
	thePasswordsDoNotMatch: "The passwords do not match",
	mustBeNumber: "Must be a number",
	mustBeWholeNumber: "Must be a whole number",
	mustBeBoolean: "Must be true or false",
	ageRange: "Age must be between 13 and 120",
	heightRange: "Height must be between 50 and 300 cm",
	weightRange: "Weight must be between 20 and 500 kg",
	oneDecimal: "Use at most one decimal",
	phoneInvalid: "Please enter a valid phone number",
	genderInvalid: "Choose Male, Female, Other or Prefer not to say",
	urlInvalid: "Please enter a valid URL",
	imageType: "Please select an image file (.jpg, .jpeg, .png, .gif, .webp)",
	imageSize: "Image file size must be less than 5MB",
	entityIdRequired: "Entity ID is required for upload",
	entityTypeInvalid: "Entity type must be user",
	idInvalid: "Must be a valid id",
	tokenRequired: "Token is required",
	skipInvalid: "Must be a whole number of 0 or more",
	limitInvalid: "Must be a whole number from 1 to 1000",
	unknownField: "Unknown field",
	codeRequired: "Enter the code",
	oneProofOnly: "Send only one of password, code or passkey",
	passkeyResponseInvalid: "Must be the JSON of a WebAuthn credential, as @simplewebauthn/browser gives it",
	auditActionInvalid: "Must be one or more actions of the audit log",
	dateTimeInvalid: "Must be an ISO 8601 date, or date and time",
	roleInvalid: "Must be superuser or user",
	statusInvalid: "Must be active, inactive or invited",
	sortInvalid: "Must be created_at, email or full_name, with a leading - for descending",
	inviteWithPassword: "Send either a password or an invitation, not both",
	tokenNameTooLong: "Must be no more than 100 characters",
	scopeInvalid: "Choose one or more of read, write, admin:read, admin:write",
	tokenDaysInvalid: "Must be a whole number of days from 1 to 3650",
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export const isValidationMessageKey = (value: unknown): value is ValidationMessageKey =>
	typeof value === "string" && Object.hasOwn(validationMessages, value);

/** English text of a message key (a plain message passes through): for REST's 422 `msg` and the CLI. */
export const messageText = (message: string) =>
	isValidationMessageKey(message) ? validationMessages[message] : message;
