import { Checkbox, Flex, Text } from "@radix-ui/themes";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

type Props<T extends FieldValues, TOut extends FieldValues> = {
	control: Control<T, unknown, TOut>;
	name: FieldPath<T>;
	label: string;
	testId?: string;
};

/** A labelled Radix checkbox bound to a boolean form field. */
export function CheckboxField<T extends FieldValues, TOut extends FieldValues = T>({
	control,
	name,
	label,
	testId,
}: Props<T, TOut>) {
	return (
		<Controller
			control={control}
			name={name}
			render={({ field }) => (
				<Text as="label" size="2">
					<Flex gap="2" align="center">
						<Checkbox
							ref={field.ref}
							name={field.name}
							checked={field.value === true}
							onCheckedChange={(checked) => field.onChange(checked === true)}
							onBlur={field.onBlur}
							data-testid={testId}
						/>
						{label}
					</Flex>
				</Text>
			)}
		/>
	);
}
