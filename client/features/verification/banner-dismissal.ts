/**
 * Whether the verification banner was dismissed for this address, in this tab: kept in
 * sessionStorage, so it comes back in a new tab or session (the address is still
 * unproved) and for a new address after an e-mail change.
 */
const keyOf = (email: string) => `verify-banner-dismissed:${email}`;

export function isBannerDismissed(email: string): boolean {
	try {
		return sessionStorage.getItem(keyOf(email)) === "1";
	} catch {
		return false;
	}
}

export function dismissBanner(email: string): void {
	try {
		sessionStorage.setItem(keyOf(email), "1");
	} catch {
		// Storage refused (private mode): the banner hides until the page reloads.
	}
}
