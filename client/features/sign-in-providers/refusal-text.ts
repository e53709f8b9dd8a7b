import type { TranslationFunctions } from "../../../shared/i18n/i18n-types.ts";
import { NETWORK_FAILURE } from "./handoff-api.ts";

/** The refusals the hand-off screen words for themselves; any other reason reads as "did not complete". */
const WORDED = [
	"IDENTITY_NOT_LINKED",
	"DOMAIN_NOT_ALLOWED",
	"ORG_NOT_ALLOWED",
	"PROVIDER_UNAVAILABLE",
	"PROVIDER_NOT_FOUND",
	"INACTIVE_USER",
	"EMAIL_NOT_VERIFIED",
	"IDENTITY_LINKED_ELSEWHERE",
	"PROVIDER_ALREADY_LINKED",
	"RATE_LIMITED",
] as const;

const isWorded = (reason: string): reason is (typeof WORDED)[number] => (WORDED as readonly string[]).includes(reason);

/** A refusal of a sign-in, link or re-authentication through a provider, in plain words. */
export function providerRefusalText(reason: string, LL: TranslationFunctions): string {
	if (reason === NETWORK_FAILURE) return LL.api.networkError();
	const texts = LL.signInMethods.sso.reasons;
	return isWorded(reason) ? texts[reason]() : texts.generic();
}
