import { isErrorReason } from "../../shared/errors.ts";
import type { TranslationFunctions } from "../../shared/i18n/i18n-types.ts";
import { reasonOfDetail } from "./rest-errors.ts";
import { notifyError } from "./toast.ts";
import { translateMessage } from "./validation.ts";

type ErrorShape = {
	message?: unknown;
	data?: { reason?: unknown; issues?: unknown; httpStatus?: unknown } | null;
};

const shapeOf = (error: unknown): ErrorShape => (typeof error === "object" && error !== null ? error : {});

/** The first validation issue of a tRPC error, translated; null when there is none. */
function firstIssueText(error: ErrorShape, LL: TranslationFunctions): string | null {
	const issues = error.data?.issues;
	if (!Array.isArray(issues) || issues.length === 0) return null;
	return translateMessage((issues[0] as { message?: unknown }).message, LL);
}

/** The server's text for an error: translated by reason, else its message; null when it has none. */
function detailText(error: ErrorShape, LL: TranslationFunctions): string | null {
	const reason = error.data?.reason;
	if (isErrorReason(reason)) return LL.api.reasons[reason]();
	// A fetch that never reached the server has no data at all.
	if (error.data === undefined && typeof error.message === "string" && /fetch|network/i.test(error.message))
		return LL.api.networkError();
	return typeof error.message === "string" && error.message ? error.message : null;
}

/** Other mutations: the first issue, else the detail, else "Something went wrong." */
export function mutationErrorText(error: unknown, LL: TranslationFunctions): string {
	const shape = shapeOf(error);
	return firstIssueText(shape, LL) ?? detailText(shape, LL) ?? LL.common.somethingWentWrong();
}

/** Signup and login: the detail text, else "An error occurred". */
export function authErrorText(error: unknown, LL: TranslationFunctions): string {
	const shape = shapeOf(error);
	return detailText(shape, LL) ?? firstIssueText(shape, LL) ?? LL.common.anErrorOccurred();
}

/** The toast for a failed mutation: "Something went wrong!" and the error's text. */
export const notifyMutationError = (error: unknown, LL: TranslationFunctions): void =>
	notifyError(LL.common.somethingWentWrongTitle(), mutationErrorText(error, LL));

/** A REST `detail` (the upload speaks REST) in the user's language: the server's texts are `errorTexts`. */
export function restDetailText(detail: string, LL: TranslationFunctions): string {
	const reason = reasonOfDetail(detail);
	return reason ? LL.api.reasons[reason]() : detail;
}
