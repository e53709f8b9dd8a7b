import type { TranslationFunctions } from "../../../shared/i18n/i18n-types.ts";
import { mutationErrorText } from "../../lib/error-text.ts";

/** A refused e-mail link: "invalid, expired or already used" for a bad token, else the server's reason. */
export function linkErrorText(error: unknown, LL: TranslationFunctions, invalidText: string): string {
	const reason = (error as { data?: { reason?: unknown } } | null)?.data?.reason;
	return reason === "INVALID_EMAIL_TOKEN" ? invalidText : mutationErrorText(error, LL);
}
