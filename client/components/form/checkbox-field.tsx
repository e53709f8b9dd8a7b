import { Checkbox, Flex, Text } from "@radix-ui/themes";
import { Controller, useFormContext } from "react-hook-form";

type Props = { name: string; label: string; testId?: string };

/** A labelled Radix checkbox bound to a boolean value of the surrounding Form. */
export function CheckboxField({ name, label, testId }: Props) {
	const { control } = useFormContext();
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
