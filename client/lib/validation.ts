import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldError, type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import type { TranslationFunctions } from "../../shared/i18n/i18n-types.ts";
import { isValidationMessageKey } from "../../shared/schemas/messages.ts";

/**
 * react-hook-form over a shared zod schema: validates on blur and keeps EVERY failure of
 * a field (criteriaMode "all"), so the screen can list them all.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
	schema: TSchema,
	options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, "resolver"> = {},
) {
	return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
		mode: "onBlur",
		reValidateMode: "onChange",
		criteriaMode: "all",
		...options,
		resolver: zodResolver(schema),
	});
}

/** Translates a schema message key; a text that is not a key is shown as it is. */
export const translateMessage = (message: unknown, LL: TranslationFunctions): string | null => {
	if (isValidationMessageKey(message)) return LL.validation[message]();
	return typeof message === "string" && message ? message : null;
};

/** Every message of one field error, translated, without repeats. */
export function errorMessages(error: FieldError | undefined, LL: TranslationFunctions): string[] {
	if (!error) return [];
	const raw: unknown[] = [error.message];
	for (const value of Object.values(error.types ?? {})) {
		if (Array.isArray(value)) raw.push(...value);
		else raw.push(value);
	}
	const texts = raw.map((message) => translateMessage(message, LL)).filter((text): text is string => text !== null);
	return [...new Set(texts)];
}
