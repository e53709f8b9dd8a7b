import { Flex, Text, TextField } from "@radix-ui/themes";
import { type ComponentProps, type ReactNode, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

type Props = {
	label: string;
	registration: UseFormRegisterReturn;
	/** Every failure of the field, already translated. */
	errors?: string[];
	testId?: string;
	placeholder?: string;
	type?: ComponentProps<typeof TextField.Root>["type"];
	autoComplete?: string;
	required?: boolean;
	disabled?: boolean;
	hint?: ReactNode;
	/** Something inside the field at its end, such as a show-password button. */
	slot?: ReactNode;
};

/** A labelled text field that lists all its errors and wires them for screen readers. */
export function FormField({ label, registration, errors = [], testId, hint, slot, required, ...input }: Props) {
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
				{...registration}
			>
				{slot ? <TextField.Slot side="right">{slot}</TextField.Slot> : null}
			</TextField.Root>
			{hint ? (
				<Text id={hintId} size="1" color="gray">
					{hint}
				</Text>
			) : null}
			{invalid ? (
				<ul id={errorId} className="field-errors">
					{errors.map((text) => (
						<li key={text}>
							<Text size="2" color="red">
								{text}
							</Text>
						</li>
					))}
				</ul>
			) : null}
		</Flex>
	);
}
