import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { type FieldError, type FieldValues, type Resolver, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import type { TranslationFunctions } from "../../shared/i18n/i18n-types.ts";
import { isValidationMessageKey } from "../../shared/schemas/messages.ts";
import { onFirstInteraction } from "./first-interaction.ts";

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

/**
 * useZodForm for the login screen, the first thing a new visitor loads: zod (26 KB
 * gzipped) is not part of it. The schema's module loads at the visitor's first
 * interaction with the page (a focus, a tap, a key), and a validation asked for before it
 * has arrived waits for it: same rules, same messages, same moment.
 */
export function useLazyZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
	loadSchema: () => Promise<TSchema>,
	options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, "resolver"> = {},
) {
	const [resolver] = useState(() => lazyResolver<z.input<TSchema>, z.output<TSchema>>(loadSchema));
	useEffect(
		() =>
			onFirstInteraction(() => {
				// A failed download is tried again at the first validation.
				resolver.load().catch(() => {});
			}),
		[resolver],
	);
	return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
		mode: "onBlur",
		reValidateMode: "onChange",
		criteriaMode: "all",
		...options,
		resolver: resolver.resolve,
	});
}

function lazyResolver<TInput extends FieldValues, TOutput>(
	loadSchema: () => Promise<z.ZodType<FieldValues, FieldValues>>,
) {
	let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
	const load = () => {
		loading ??= loadSchema().then(
			(schema) => zodResolver(schema) as unknown as Resolver<TInput, unknown, TOutput>,
			(error: unknown) => {
				loading = undefined;
				throw error;
			},
		);
		return loading;
	};
	const resolve: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
		(await load())(values, context, options);
	return { load, resolve };
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
