import { Flex, Select, Text } from "@radix-ui/themes";
import { useId } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { useDir } from "../use-dir.ts";
import { FieldErrors } from "./field-errors.tsx";
import { useFieldErrors } from "./use-field-errors.ts";

const NONE = "__none";

type Props = {
	name: string;
	label: string;
	placeholder: string;
	/** When given, an item with this label stands for "" (no value), so it can be chosen again. */
	emptyLabel?: string;
	options: readonly { value: string; label: string }[];
	testId?: string;
};

/** A labelled Radix select bound to a string value of the surrounding Form ("" shows the placeholder). */
export function SelectField({ name, label, placeholder, emptyLabel, options, testId }: Props) {
	const { control } = useFormContext();
	const errors = useFieldErrors(name);
	const id = useId();
	const errorId = `${id}-errors`;
	const dir = useDir();
	const toSelect = (value: string) => (value === "" ? (emptyLabel ? NONE : undefined) : value);
	const items = emptyLabel ? [{ value: NONE, label: emptyLabel }, ...options] : options;
	return (
		<Controller
			control={control}
			name={name}
			render={({ field }) => (
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={id} size="2" weight="medium">
						{label}
					</Text>
					<Select.Root
						dir={dir}
						name={field.name}
						value={toSelect(field.value)}
						onValueChange={(value) => {
							field.onChange(value === NONE ? "" : value);
							field.onBlur();
						}}
						size="3"
					>
						<Select.Trigger
							id={id}
							ref={field.ref}
							placeholder={placeholder}
							data-testid={testId}
							aria-invalid={errors.length > 0 || undefined}
							aria-describedby={errors.length > 0 ? errorId : undefined}
							onBlur={field.onBlur}
						/>
						<Select.Content position="popper">
							{items.map((option) => (
								<Select.Item key={option.value} value={option.value}>
									{option.label}
								</Select.Item>
							))}
						</Select.Content>
					</Select.Root>
					<FieldErrors id={errorId} texts={errors} />
				</Flex>
			)}
		/>
	);
}
