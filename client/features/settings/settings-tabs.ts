export const SETTINGS_TABS = [
	"my-profile",
	"password",
	"security",
	"sessions",
	"tokens",
	"appearance",
	"danger-zone",
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tabs a user sees: superusers do not get the danger zone. */
export const visibleTabs = (isSuperuser: boolean): SettingsTab[] =>
	SETTINGS_TABS.filter((tab) => !(isSuperuser && tab === "danger-zone"));

/** The tab named by `?tab=`, when the user may see it; else My profile. */
export function tabFromParam(value: string | null, isSuperuser: boolean): SettingsTab {
	const tabs = visibleTabs(isSuperuser);
	return tabs.find((tab) => tab === value) ?? "my-profile";
}
