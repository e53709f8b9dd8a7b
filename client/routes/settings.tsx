import { SettingsScreen } from "../features/settings/settings-screen.tsx";

export function Component() {
	return <SettingsScreen />;
}
