import { Flex } from "@radix-ui/themes";
import { NavLink } from "react-router-dom";
import { HomeIcon, SettingsIcon, UsersIcon } from "../../components/icons.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { AuditLogIcon } from "../audit-log/icons.tsx";
import { ProvidersIcon } from "../sign-in-providers/providers-icon.tsx";

/** Dashboard, User Settings, and for superusers only Admin with its Audit log and Sign-in providers under it. */
export function SideNav({ isSuperuser, onNavigate }: { isSuperuser: boolean; onNavigate?: () => void }) {
	const { LL } = useI18n();
	const items = [
		{ to: "/", label: LL.navigation.dashboard(), Icon: HomeIcon, end: true },
		{ to: "/settings", label: LL.navigation.userSettings(), Icon: SettingsIcon, end: false },
		...(isSuperuser
			? [
					{ to: "/admin", label: LL.navigation.admin(), Icon: UsersIcon, end: true },
					{ to: "/admin/audit", label: LL.auditLog.nav(), Icon: AuditLogIcon, end: false, under: true },
					{ to: "/admin/providers", label: LL.signInMethods.admin.nav(), Icon: ProvidersIcon, end: false, under: true },
				]
			: []),
	];
	return (
		<nav aria-label={LL.common.mainNavigation()}>
			<Flex asChild direction="column" gap="1" m="0" p="0" style={{ listStyle: "none" }}>
				<ul>
					{items.map(({ to, label, Icon, end, under }) => (
						<li key={to}>
							<NavLink
								to={to}
								end={end}
								className={under ? "nav-link nav-link-under" : "nav-link"}
								onClick={onNavigate}
							>
								<Icon />
								{label}
							</NavLink>
						</li>
					))}
				</ul>
			</Flex>
		</nav>
	);
}
