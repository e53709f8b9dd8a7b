import { Box, Heading, Tabs } from "@radix-ui/themes";
import { useSearchParams } from "react-router-dom";
import { useDir } from "../../components/use-dir.ts";
import { useI18n } from "../../i18n/index.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { ProfilePanel } from "../profile/profile-panel.tsx";
import { SessionsPanel } from "../sessions/sessions-panel.tsx";
import { useCurrentUser } from "../sign-in-state/hooks.ts";
import { TokensPanel } from "../tokens/tokens-panel.tsx";
import { AppearancePanel } from "./appearance-panel.tsx";
import { DangerZone } from "./danger-zone.tsx";
import { PasswordForm } from "./password-form.tsx";
import { SecurityPanel } from "./security-panel.tsx";
import { type SettingsTab, tabFromParam, visibleTabs } from "./settings-tabs.ts";

const panels: Record<SettingsTab, () => React.JSX.Element> = {
	"my-profile": ProfilePanel,
	password: PasswordForm,
	security: SecurityPanel,
	sessions: SessionsPanel,
	tokens: TokensPanel,
	appearance: AppearancePanel,
	"danger-zone": DangerZone,
};

/** User Settings: seven tabs (six for superusers: no danger zone), the current one kept in `?tab=`. */
export function SettingsScreen() {
	const { LL } = useI18n();
	usePageTitle(LL.settings.title());
	const user = useCurrentUser();
	const isSuperuser = user.data?.is_superuser ?? false;
	const [params, setParams] = useSearchParams();
	const current = tabFromParam(params.get("tab"), isSuperuser);
	const labels: Record<SettingsTab, string> = {
		"my-profile": LL.settings.tabs.profile(),
		password: LL.settings.tabs.password(),
		security: LL.settings.tabs.security(),
		sessions: LL.sessions.tab(),
		tokens: LL.sessions.tokens.tab(),
		appearance: LL.settings.tabs.appearance(),
		"danger-zone": LL.settings.tabs.dangerZone(),
	};
	const select = (tab: string) =>
		setParams(
			(prev) => {
				const next = new URLSearchParams(prev);
				if (tab === "my-profile") next.delete("tab");
				else next.set("tab", tab);
				return next;
			},
			{ replace: true },
		);
	const tabs = visibleTabs(isSuperuser);
	const dir = useDir();
	return (
		<Box>
			<Heading as="h1" size="6" mb="4">
				{LL.settings.title()}
			</Heading>
			<Tabs.Root dir={dir} value={current} onValueChange={select}>
				<Tabs.List aria-label={LL.settings.tabsLabel()} wrap="wrap">
					{tabs.map((tab) => (
						<Tabs.Trigger key={tab} value={tab}>
							{labels[tab]}
						</Tabs.Trigger>
					))}
				</Tabs.List>
				{tabs.map((tab) => {
					const Panel = panels[tab];
					return (
						<Tabs.Content key={tab} value={tab}>
							<Box pt="4">
								<Panel />
							</Box>
						</Tabs.Content>
					);
				})}
			</Tabs.Root>
		</Box>
	);
}
