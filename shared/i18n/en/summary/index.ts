import type { NamespaceBaseTranslation } from "../../namespace-base";

/** The dashboard's cards: the account at a glance, and for superusers all accounts in numbers. */
const summary = {
	accountHeading: "Your account",
	adminHeading: "All accounts",
	loading: "Loading…",
	loadError: "This could not be loaded.",
	retry: "Try again",
	email: {
		title: "E-mail address",
		verified: "Verified",
		notVerified: "Not verified",
		resend: "Send a new verification link",
	},
	twoFactor: {
		title: "Two-factor authentication",
		on: "On",
		off: "Off",
		turnOn: "Turn on two-factor authentication",
		manage: "Manage two-factor authentication",
	},
	passkeys: {
		title: "Passkeys",
		none: "None yet",
		add: "Add a passkey",
		manage: "Manage passkeys",
	},
	sessions: {
		title: "Active sessions",
		review: "Review your sessions",
	},
	lastSignIn: {
		title: "Last sign-in",
		none: "None before this one",
		noneHint: "This is the first sign-in we know of.",
		unknownDevice: "An unknown device",
		notYou: "Not you? Review your sessions",
	},
	users: {
		title: "Users",
		link: "Manage users",
	},
	inactive: {
		title: "Inactive users",
		link: "Show inactive users",
	},
	signups: {
		title: "New accounts, last 7 days",
		link: "Show the newest accounts",
	},
	auditLog: "Open the audit log",
} satisfies NamespaceBaseTranslation;

export default summary;
