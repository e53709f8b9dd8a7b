import type { NamespaceBaseTranslation } from "../../namespace-base";

const forms = {
	required: "This field is required",
	invalidEmail: "Please enter a valid email address",
	passwordMinLength: "Password must be at least {min_length} characters",
	passwordsDoNotMatch: "Passwords do not match",
	invalidPhone: "Please enter a valid phone number",
	invalidUrl: "Please enter a valid URL",
	minLength: "Must be at least {min} characters",
	maxLength: "Must be no more than {max} characters",
	mustBeNumber: "Must be a number",
	mustBePositive: "Must be a positive number",
	mustBeWhole: "Must be a whole number",
} satisfies NamespaceBaseTranslation;

export default forms;
