import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import type { ErrorReason } from "../../shared/errors.ts";
import type { TranslationFunctions } from "../../shared/i18n/i18n-types.ts";
import { mutationErrorText, reasonOf } from "./error-text.ts";

/**
 * Puts a refusal's text under the field it is about (a taken e-mail, a wrong current
 * password) and moves focus there, beside the toast: the eye is on the form. Editing the
 * field clears it. Returns whether the error was about one of `fields`.
 */
export function showAtField<TValues extends FieldValues, TOutput>(
	// biome-ignore lint/suspicious/noExplicitAny: any form context; only setError is used
	form: UseFormReturn<TValues, any, TOutput>,
	error: unknown,
	fields: Partial<Record<ErrorReason, FieldPath<TValues>>>,
	LL: TranslationFunctions,
): boolean {
	const reason = reasonOf(error);
	const name = reason ? fields[reason] : undefined;
	if (!name) return false;
	form.setError(name, { type: "server", message: mutationErrorText(error, LL) }, { shouldFocus: true });
	return true;
}
