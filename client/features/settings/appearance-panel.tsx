import { Flex, Heading, RadioGroup, Text } from "@radix-ui/themes";
import { useId } from "react";
import { useDir } from "../../components/use-dir.ts";
import { useI18n } from "../../i18n/index.tsx";
import { isThemeMode, useTheme } from "../../lib/theme.ts";

/** System (auto), Light or Dark: applied at once and remembered under `theme`. */
export function AppearancePanel() {
	const { LL } = useI18n();
	const t = LL.settings.appearance;
	const { theme, setTheme } = useTheme();
	const labelId = useId();
	const dir = useDir();
	const options = [
		{ value: "system", label: t.system() },
		{ value: "light", label: t.light() },
		{ value: "dark", label: t.dark() },
	] as const;
	return (
		<Flex direction="column" gap="4">
			<Heading as="h2" size="4">
				{t.heading()}
			</Heading>
			<Text id={labelId} size="2" weight="medium">
				{t.label()}
			</Text>
			<RadioGroup.Root
				dir={dir}
				aria-labelledby={labelId}
				value={theme}
				onValueChange={(value) => {
					if (isThemeMode(value) && value !== theme) setTheme(value);
				}}
			>
				{options.map((option) => (
					<RadioGroup.Item key={option.value} value={option.value} data-testid={`theme-${option.value}`}>
						{option.label}
					</RadioGroup.Item>
				))}
			</RadioGroup.Root>
		</Flex>
	);
}
