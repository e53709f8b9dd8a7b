import { z } from "zod";
import type { ValidationMessageKey } from "./messages.ts";

/**
 * For checks after a "required" one: skip them on an empty value, so an empty field says
 * only that it is required. (An explicit `abort` would do that too, but it also stops
 * zod from running the object's cross-field checks, such as "passwords do not match".)
 */
export const whenFilled = {
	when: (payload: { value: unknown }) => typeof payload.value === "string" && payload.value !== "",
};

/** A string field whose absence reports `requiredKey` and whose wrong type says so. */
export const text = (requiredKey: ValidationMessageKey = "fieldRequired") =>
	z.string({ error: (issue) => (issue.input === undefined ? requiredKey : "mustBeText") });

/** Trimmed, lower-cased e-mail: empty says "required" once, anything else malformed says "invalid". */
export const email = () =>
	text("emailRequired")
		.trim()
		.min(1, { message: "emailRequired" })
		.max(255, { message: "textTooLong" })
		.pipe(z.email({ message: "emailInvalid" }))
		.transform((value) => value.toLowerCase());

export const password = (requiredKey: ValidationMessageKey = "passwordRequired") =>
	text(requiredKey)
		.min(1, { message: requiredKey })
		.min(8, { message: "passwordMin", ...whenFilled })
		.max(128, { message: "passwordMax" });

/**
 * C0 and C1 controls (CR, LF, tab, NUL...) and the Unicode line and paragraph separators:
 * a name is one line, and it is copied into e-mails, where a line break could start a header.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/**
 * A key the caller names in a path (an id, an e-mail) and the server looks up: refused when
 * it holds a control character, which no stored key has (and which PostgreSQL cannot even
 * compare with text: a NUL there fails the statement).
 */
export const lookupKey = () =>
	z
		.string({ error: "mustBeText" })
		.refine((value) => !CONTROL_CHARACTERS.test(value), { message: "noControlCharacters" });

/** A person's name: one line of at most 255 characters (the product's forms allow fewer). */
export const fullName = (max = 255, maxKey: ValidationMessageKey = "textTooLong") =>
	text("fullNameRequired")
		.trim()
		.max(max, { message: maxKey })
		.refine((value) => !CONTROL_CHARACTERS.test(value), { message: "noControlCharacters" });

/**
 * Free text that is only compared (a token, a confirmation): at most 255 characters, so
 * no input reaches storage, a key or a hash without a bound (larger ones are a 422).
 */
export const boundedText = (requiredKey: ValidationMessageKey = "fieldRequired") =>
	text(requiredKey).max(255, { message: "textTooLong" });

/** An optional field of bounded free text whose wrong type says so. */
export const optionalBoundedText = () =>
	z.string({ error: "mustBeText" }).max(255, { message: "textTooLong" }).optional();

export const bool = () => z.boolean({ error: "mustBeBoolean" });

/** A UUID in any letter case, compared lower-cased as the ids are stored. */
export const uuid = () =>
	z
		.string({ error: "idInvalid" })
		.trim()
		.toLowerCase()
		.pipe(z.uuid({ message: "idInvalid" }));

/** Adds "must equal" checks between two fields of an object schema, reported on `confirmField`. */
export const matching = <T extends Record<string, unknown>>(
	passwordField: keyof T & string,
	confirmField: keyof T & string,
	message: ValidationMessageKey,
) => ({
	check: (value: T) => value[confirmField] === undefined || value[confirmField] === value[passwordField],
	params: {
		message,
		path: [confirmField],
		// zod skips an object refine once any field failed; run it whenever both values are there,
		// so a mismatch is reported beside the other fields' failures.
		when: (payload: { value: unknown }) => {
			const value = payload.value as Partial<Record<string, unknown>> | undefined;
			return typeof value?.[passwordField] === "string" && typeof value?.[confirmField] === "string";
		},
	},
});
