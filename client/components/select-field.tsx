import { Flex, Select, Text } from "@radix-ui/themes";
import { useId } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { useDir } from "./use-dir.ts";

const NONE = "__none";

type Props<T extends FieldValues, TOut extends FieldValues> = {
	control: Control<T, unknown, TOut>;
	name: FieldPath<T>;
	label: string;
	placeholder: string;
	/** When given, an item with this label stands for "" (no value), so it can be chosen again. */
	emptyLabel?: string;
	options: readonly { value: string; label: string }[];
	errors?: string[];
	testId?: string;
};

/** A labelled Radix select bound to a string form field ("" shows the placeholder). */
export function SelectField<T extends FieldValues, TOut extends FieldValues = T>({
	control,
	name,
	label,
	placeholder,
	emptyLabel,
	options,
	errors = [],
	testId,
}: Props<T, TOut>) {
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
					{errors.length > 0 ? (
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
			)}
		/>
	);
}
