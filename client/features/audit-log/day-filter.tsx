import { Flex, Text, TextField } from "@radix-ui/themes";

type Props = {
	id: string;
	label: string;
	testId: string;
	/** A day, `YYYY-MM-DD`, or "" for none. */
	value: string;
	/** The range's other end, which this day may not pass. */
	min?: string | undefined;
	max?: string | undefined;
	onChange: (day: string) => void;
};

/** One end of the audit log's range of days: a labelled date box. */
export function DayFilter({ id, label, testId, value, min, max, onChange }: Props) {
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{label}
			</Text>
			<TextField.Root
				id={id}
				type="date"
				data-testid={testId}
				value={value}
				min={min}
				max={max}
				onChange={(event) => onChange(event.target.value)}
			/>
		</Flex>
	);
}
