import { Flex, Text, TextField } from "@radix-ui/themes";
import { type ComponentProps, type ReactNode, useId } from "react";
import { useFormContext } from "react-hook-form";
import { FieldErrors } from "./field-errors.tsx";
import { useFieldErrors } from "./use-field-errors.ts";

export type FieldProps = {
	/** The form value it edits. */
	name: string;
	label: string;
	testId?: string;
	placeholder?: string;
	type?: ComponentProps<typeof TextField.Root>["type"];
	autoComplete?: string;
	/** The on-screen keyboard to offer ("numeric" for a code). */
	inputMode?: ComponentProps<"input">["inputMode"];
	required?: boolean;
	disabled?: boolean;
	hint?: ReactNode;
	/** Something inside the field at its end, such as a show-password button. */
	slot?: ReactNode;
};

/**
 * A labelled text field of the surrounding Form: it registers `name`, lists every failure
 * of it in the user's language and wires them (and the hint) for screen readers.
 */
export function Field({ name, label, testId, hint, slot, required, ...input }: FieldProps) {
	const { register } = useFormContext();
	const errors = useFieldErrors(name);
	const id = useId();
	const errorId = `${id}-errors`;
	const hintId = `${id}-hint`;
	const invalid = errors.length > 0;
	const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{label}
				{required ? (
					<Text color="red" aria-hidden="true">
						{" *"}
					</Text>
				) : null}
			</Text>
			<TextField.Root
				id={id}
				size="3"
				data-testid={testId}
				aria-invalid={invalid || undefined}
				aria-describedby={describedBy}
				aria-required={required || undefined}
				color={invalid ? "red" : undefined}
				{...input}
				{...register(name)}
			>
				{slot ? <TextField.Slot side="right">{slot}</TextField.Slot> : null}
			</TextField.Root>
			{hint ? (
				<Text id={hintId} size="1" color="gray">
					{hint}
				</Text>
			) : null}
			<FieldErrors id={errorId} texts={errors} />
		</Flex>
	);
}
