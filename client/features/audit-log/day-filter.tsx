import { Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useId, useState } from "react";
import { useI18n } from "../../i18n/index.tsx";
import { dayPattern, formatDay, parseDay } from "../../lib/day-text.ts";

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

/**
 * One end of the audit log's range of days: a labelled box where the day is written in the
 * UI language's order ("JJ/MM/AAAA" in French), whatever the browser's locale (a native
 * date box would follow the browser). A day that is not one, or that passes the range's
 * other end, is said under the box and not applied.
 */
export function DayFilter({ id, label, testId, value, min, max, onChange }: Props) {
	const { LL, locale } = useI18n();
	const t = LL.auditLog.filters;
	const hintId = useId();
	// Isolated left-to-right, as the box writes the day, also inside an Arabic sentence.
	const pattern = `\u2066${dayPattern(locale, { day: t.dayLetters.day(), month: t.dayLetters.month(), year: t.dayLetters.year() })}\u2069`;
	const [text, setText] = useState(() => formatDay(value, locale));
	const [problem, setProblem] = useState<string | null>(null);

	// The URL changed under the box (Back, Clear filters) or the language did: show what it says now.
	useEffect(() => {
		setText((current) => (parseDay(current, locale) === value ? current : formatDay(value, locale)));
		setProblem(null);
	}, [value, locale]);

	const check = (typed: string): string | null => {
		if (typed.trim() === "") return null;
		const day = parseDay(typed, locale);
		if (!day) return t.dayInvalid({ pattern });
		if ((min && day < min) || (max && day > max)) return t.dayOutOfRange();
		return null;
	};

	// The other end moved: a day kept back for passing it may apply now.
	// biome-ignore lint/correctness/useExhaustiveDependencies: only a moved end re-checks the box
	useEffect(() => {
		const day = parseDay(text, locale);
		if (day && day !== value && !check(text)) {
			setProblem(null);
			onChange(day);
		}
	}, [min, max]);

	const change = (typed: string) => {
		setText(typed);
		const day = parseDay(typed, locale);
		if (typed.trim() === "") {
			setProblem(null);
			if (value !== "") onChange("");
		} else if (day && !check(typed)) {
			setProblem(null);
			if (day !== value) onChange(day);
		}
	};

	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{label}
			</Text>
			<TextField.Root
				id={id}
				type="text"
				inputMode="numeric"
				dir="ltr"
				autoComplete="off"
				data-testid={testId}
				value={text}
				placeholder={pattern}
				aria-describedby={hintId}
				aria-invalid={problem ? true : undefined}
				onChange={(event) => change(event.target.value)}
				onBlur={() => setProblem(check(text))}
			/>
			<Text id={hintId} size="1" color={problem ? "red" : "gray"} data-testid={`${testId}-hint`}>
				{problem ?? pattern}
			</Text>
		</Flex>
	);
}
