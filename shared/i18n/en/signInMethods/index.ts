import type { NamespaceBaseTranslation } from "../../namespace-base";

/**
 * The ways into an account: Settings -> Security's "Sign-in methods" (password, passkeys,
 * linked providers: link, unlink), the re-authentication through a provider, the /login/sso
 * screen a provider sends the browser back to (its refusals in plain words), and the
 * admin's views (Admin -> Sign-in providers, a user's linked sign-ins).
 */
const signInMethods = {
	heading: "Sign-in methods",
	intro: "The ways you can sign in to your account. Keep at least one.",
	password: "Password",
	passwordSet: "Set",
	passwordNotSet: "Not set: you sign in another way",
	passwordEnforced: "Turned off: you sign in with {name:string}",
	passkeys: "Passkeys",
	identitiesLabel: "Your linked sign-in providers",
	noIdentities: "No sign-in provider is linked to your account.",
	addressAtLink: "Address when linked: {email:string}",
	linkedOn: "Linked {date:string}",
	lastUsed: "Last used {date:string}",
	neverUsed: "Never used",
	link: "Link {name:string}",
	linkText: "You will sign in at {name:string}, then come back here.",
	unlink: "Unlink",
	unlinkFor: "Unlink {name:string}",
	unlinkTitle: "Unlink {name:string}?",
	unlinkText:
		"You will no longer sign in with {name:string} as {email:string}. Your other sessions signed in with it end now. You can link it again later.",
	unlinked: "{name:string} is no longer linked to your account",
	lastMethod:
		"This is your last way to sign in: without it you could not get back in. Set a password or add a passkey first.",
	reauthText: "Confirm at your sign-in provider: you will come back to this page, then do the action again.",
	reauthTab: "Provider",
	reauthWith: "Continue with {name:string}",
	sso: {
		title: "Signing you in",
		working: "Finishing your sign-in...",
		refusedTitle: "You are not signed in",
		notDoneTitle: "That did not work",
		backToLogin: "Back to Log In",
		back: "Go back",
		linked: "{name:string} is now linked to your account. You can sign in with it from now on.",
		reauthenticated: "Thank you, you can go on.",
		reasons: {
			IDENTITY_NOT_LINKED:
				"No account here is linked to this sign-in. Sign in another way, then link it in Settings, under Security.",
			DOMAIN_NOT_ALLOWED:
				"Your address at the provider is not one of the domains allowed here. Ask your administrator for access.",
			ORG_NOT_ALLOWED: "Your GitHub account is not in an organisation allowed here. Ask your administrator for access.",
			PROVIDER_UNAVAILABLE: "Your sign-in provider cannot be reached right now. Please try again in a few minutes.",
			PROVIDER_NOT_FOUND: "This way of signing in is no longer offered here.",
			INACTIVE_USER: "Your account is deactivated. Ask your administrator to turn it back on.",
			EMAIL_NOT_VERIFIED: "Your e-mail address is not confirmed yet. Open the link we sent you, then sign in again.",
			IDENTITY_LINKED_ELSEWHERE:
				"This sign-in is already linked to another account here. Sign in to that account to unlink it first.",
			PROVIDER_ALREADY_LINKED:
				"Your account already has a sign-in of this provider. Unlink it first to link another one.",
			RATE_LIMITED: "Too many attempts. Please wait a minute, then try again.",
			generic: "The sign-in with your provider did not complete. Please try again.",
		},
	},
	admin: {
		nav: "Sign-in providers",
		title: "Sign-in providers",
		intro:
			"The providers people may sign in with, as this server's settings configure them. Register each one's callback URL at the provider.",
		empty: "No sign-in provider is configured. The guide in the documentation says how to add one.",
		listLabel: "Configured sign-in providers",
		kind: { oidc: "OpenID Connect", github: "GitHub" },
		issuer: "Issuer",
		callbackUrl: "Callback URL",
		copy: "Copy",
		copyFor: "Copy the callback URL of {name:string}",
		copied: "Callback URL copied",
		scopes: "Scopes",
		allowedDomains: "Allowed domains",
		allowedOrgs: "Allowed organisations",
		anyone: "Any",
		sessionTtl: "Sessions last at most",
		flags: "Options",
		flag: {
			signup: "Sign-up allowed",
			enforce: "Required for its domains",
			trustEmail: "Addresses trusted without proof",
			bypassTwoFactor: "Stands for two-factor",
		},
		noFlags: "None",
		check: "Check",
		checkFor: "Check {name:string}",
		checkOk: "Reachable, in {ms:string} ms",
		checkFailed: "Not reachable ({ms:string} ms): {detail:string}",
		checkFailedNoDetail: "Not reachable ({ms:string} ms)",
		userMenu: "Sign-in methods",
		userTitle: "Sign-in methods of {name:string}",
		userText: "The sign-in providers linked to this account.",
		userEmpty: "No sign-in provider is linked to this account.",
		userUnlinkText:
			"{user:string} will no longer sign in with {name:string} as {email:string}, and their sessions signed in with it end now. They can link it again themselves.",
		userLastMethod:
			"This is their last way to sign in: without it they could not get in at all. Set them a password first, or ask them to add a passkey.",
		userUnlinked: "{name:string} is no longer linked to this account",
	},
} satisfies NamespaceBaseTranslation;

export default signInMethods;
