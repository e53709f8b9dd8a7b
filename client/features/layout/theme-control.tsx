import { DropdownMenu, IconButton } from "@radix-ui/themes";
import { MonitorIcon, MoonIcon, SunIcon } from "../../components/icons.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { isThemeMode, THEME_MODES, type ThemeMode, useTheme } from "../../lib/theme.ts";

const icons: Record<ThemeMode, () => React.JSX.Element> = { system: MonitorIcon, light: SunIcon, dark: MoonIcon };

/** System / Light / Dark, persisted under `theme`. */
export function ThemeControl() {
	const { LL } = useI18n();
	const { theme, appearance, setTheme } = useTheme();
	const labels: Record<ThemeMode, string> = {
		system: LL.common.themeSystem(),
		light: LL.common.themeLight(),
		dark: LL.common.themeDark(),
	};
	const CurrentIcon = appearance === "dark" ? MoonIcon : SunIcon;
	return (
		<DropdownMenu.Root modal={false}>
			<DropdownMenu.Trigger>
				<IconButton variant="ghost" color="gray" size="3" aria-label={`${LL.common.theme()}: ${labels[theme]}`}>
					<CurrentIcon />
				</IconButton>
			</DropdownMenu.Trigger>
			<DropdownMenu.Content align="end">
				<DropdownMenu.Label>{LL.common.theme()}</DropdownMenu.Label>
				<DropdownMenu.RadioGroup
					value={theme}
					onValueChange={(value) => {
						if (isThemeMode(value) && value !== theme) setTheme(value);
					}}
				>
					{THEME_MODES.map((mode) => {
						const ModeIcon = icons[mode];
						return (
							<DropdownMenu.RadioItem key={mode} value={mode}>
								<ModeIcon /> {labels[mode]}
							</DropdownMenu.RadioItem>
						);
					})}
				</DropdownMenu.RadioGroup>
			</DropdownMenu.Content>
		</DropdownMenu.Root>
	);
}
