import { type ErrorReason, isErrorReason } from "../../shared/errors.ts";
import type { TranslationFunctions } from "../../shared/i18n/i18n-types.ts";
import { reasonOfDetail } from "../api/rest-errors.ts";
import { notifyError } from "./toast.ts";
import { translateMessage } from "./validation.ts";

type ErrorShape = {
	message?: unknown;
	data?: { reason?: unknown; issues?: unknown; httpStatus?: unknown; retryAfter?: unknown } | null;
};

const shapeOf = (error: unknown): ErrorShape => (typeof error === "object" && error !== null ? error : {});

/** The first validation issue of a tRPC error, translated; null when there is none. */
function firstIssueText(error: ErrorShape, LL: TranslationFunctions): string | null {
	const issues = error.data?.issues;
	if (!Array.isArray(issues) || issues.length === 0) return null;
	return translateMessage((issues[0] as { message?: unknown }).message, LL);
}

/**
 * A refusal's text in the user's language, with what they can do about it: the wait the
 * server gave (Retry-After: a rate limit, a busy upload queue), or whom to ask.
 */
export function reasonText(reason: ErrorReason, LL: TranslationFunctions, retryAfter?: unknown): string {
	const text = LL.api.reasons[reason]();
	const hint =
		typeof retryAfter === "number" && retryAfter > 0
			? LL.errorHints.tryAgainIn({ seconds: retryAfter })
			: reason === "INACTIVE_USER"
				? LL.errorHints.contactAdmin()
				: null;
	if (!hint) return text;
	return /[.!?؟]$/.test(text) ? `${text} ${hint}` : `${text}. ${hint}`;
}

/**
 * A request or a download that never reached the server (a tRPC call without data, a
 * failed fetch or dynamic import): the connection, not the server, said no.
 */
export function isNetworkError(error: unknown): boolean {
	const shape = shapeOf(error);
	if (shape.data !== undefined && shape.data !== null) return false;
	return (
		typeof shape.message === "string" && /fetch|network|dynamically imported|Importing a module/i.test(shape.message)
	);
}

/** The server's text for an error: translated by reason, else its message; null when it has none. */
function detailText(error: ErrorShape, LL: TranslationFunctions): string | null {
	const reason = error.data?.reason;
	if (isErrorReason(reason)) return reasonText(reason, LL, error.data?.retryAfter);
	// A fetch that never reached the server has no data at all.
	if (isNetworkError(error)) return LL.api.networkError();
	return typeof error.message === "string" && error.message ? error.message : null;
}

/** The reason a tRPC error carries, when it is one of ours. */
export function reasonOf(error: unknown): ErrorReason | null {
	const reason = shapeOf(error).data?.reason;
	return isErrorReason(reason) ? reason : null;
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

/**
 * A REST `detail` (the upload speaks REST) in the user's language: the server's texts are
 * `errorTexts`; `retryAfter` is the answer's Retry-After, in seconds.
 */
export function restDetailText(detail: string, LL: TranslationFunctions, retryAfter?: number | null): string {
	const reason = reasonOfDetail(detail);
	return reason ? reasonText(reason, LL, retryAfter) : detail;
}
